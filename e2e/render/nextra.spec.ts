import { expect } from '../support/test.js';
import { renderFixture } from '../../packages/archiver/test/support/render-fixtures.js';
import { pinoGuidesSiteTests } from './pino-guides-site.js';

// Nextra 4's docs theme on Next.js 16 as `next build` exports it (App Router, Turbopack,
// `output: 'export'`): every page a `<page>.html` whose HTML is the page, server-rendered, then
// hydrated by React: its router moves between pages by fetching the next page's RSC payload
// (`<page>.txt`). Pino's own guides under /guides with the theme's sidebar (Home, the Guides
// folder, About), a navbar whose logo leads home, and a Pagefind search box. The start page's
// client component fetch()es /data/releases.json in the browser (the HTML holds only "Loading the
// release lines…") and has a counter. One capture for the file: a mirror of the start page and
// the first three pages it links to, in the sidebar's order (All guides, Asynchronous Logging,
// Bundling).

const START = renderFixture('nextra').shows;

pinoGuidesSiteTests('nextra', {
  pages: ['/', '/guides', '/guides/asynchronous', '/guides/bundling'],
  // Every page's HTML is whole (server-rendered), but Next.js's client takes it over (hydration, its router's RSC fetches): all are rendered.
  reason: 'Next.js takes the page over in the browser',
  title: 'every page is rendered for Next.js and saved live on target, and offline the sidebar and navbar lead to the local copies, in Chromium',
  // A reader's way through the mirror by the sidebar (the <aside>) and the navbar's logo (in the <header>).
  walk: [
    { where: 'aside', via: 'All guides', shows: '5 of the guides pino 10.4.0 ships in its package (1,566 words)' },
    { where: 'aside', via: 'Bundling', shows: 'Esbuild Plugin' },
    { where: 'aside', via: 'Asynchronous Logging', shows: 'AWS Lambda' },
    { where: 'header', via: 'Pino field notes', shows: START },
  ],
  // Its Pagefind search: the hit is followed by the App Router, whose fetch of the page's payload fails offline and which then loads the page by its address.
  search: { query: 'async', hit: 'Asynchronous Logging', lands: /\/127\.0\.0\.1_\d+\/guides\/asynchronous\/index\.html$/, heading: 'Asynchronous Logging' },
  // The page's own heading, as served.
  served: (page) => expect(page.locator('article h1')).toHaveText('Pino field notes'),
});
