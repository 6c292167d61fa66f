import { expect } from '../support/test.js';
import { renderFixture } from '../../packages/archiver/test/support/render-fixtures.js';
import { pinoGuidesSiteTests } from './pino-guides-site.js';

// React Router 7 in framework mode as `react-router build` writes it with `ssr: false` and every
// page prerendered: each page a `<page>/index.html` whose loader's data is inline (a turbo-stream
// enqueued into window.__reactRouterContext) and again in `<page>.data`, which the router fetches
// when a <Link> is followed. Pino's own guides on pages whose loaders read the Markdown at build
// time, a root layout whose nav is <NavLink>s. The start page's HTML holds only its
// HydrateFallback: its clientLoader fetch()es /data/releases.json (and its build-time data by
// serverLoader()) before the page shows the list and a counter. One capture for the file: a
// mirror of the start page and the first three pages its nav links to (Guides, Child loggers,
// About).

const START = renderFixture('react-router-framework').shows;

pinoGuidesSiteTests('react-router-framework', {
  pages: ['/', '/about', '/docs', '/docs/child-loggers'],
  // Every prerendered page hydrates (window.__reactRouterContext and the entry module are on each): all are rendered.
  reason: 'React Router takes the page over in the browser',
  title: 'every page is rendered for React Router and saved live on target, and offline the nav leads to the local copies, in Chromium',
  // A reader's way through the mirror by the nav.
  walk: [
    { where: 'nav', via: 'Guides', shows: "12 of the guides pino's package ships" },
    { where: 'nav', via: 'Child loggers', shows: 'Guides / Child loggers (472 words)' },
    { where: 'nav', via: 'About', shows: 'About these notes' },
    { where: 'nav', via: 'Home', shows: START },
  ],
  // Its build-time data, which the clientLoader had from serverLoader(): the data inline in the page.
  served: (page) => expect(page.locator('main > p').first()).toContainText("Here are 12 of pino 10.4.0's own guides (6,199 words)"),
});
