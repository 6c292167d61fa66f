import { renderFixture } from '../../packages/archiver/test/support/render-fixtures.js';
import { pinoGuidesSiteTests } from './pino-guides-site.js';

// A Gatsby 5 site as `gatsby build` writes it (every page a `<page>/index.html`, prerendered, and
// its data in `/page-data/<page>/page-data.json`): pino's own guides on pages made by createPages
// from gatsby-source-filesystem and gatsby-transformer-remark, a layout whose nav is Gatsby
// <Link>s. Gatsby's runtime hydrates every page: it reads the page's address from `window`
// (`const { pagePath, location } = window`) to load its page data, and its router moves between
// pages by fetching (XHR) the next page's page-data.json and component chunk, prefetched 3 s after
// its links came into view. The start page's component fetch()es /data/releases.json in a
// useEffect and has a counter. One capture for the file: a mirror of the start page and the first
// three pages its nav links to (Guides, API, About).

const START = renderFixture('gatsby').shows;

pinoGuidesSiteTests('gatsby', {
  pages: ['/', '/about/', '/docs/', '/docs/api/'],
  // Gatsby hydrates every page (its <div id="___gatsby"> and runtime are on each): all are rendered.
  reason: 'Gatsby takes the page over in the browser',
  title: 'every page is rendered for Gatsby and saved live on target, and offline the nav leads to the local copies, in Chromium',
  // A reader's way through the mirror by the nav.
  walk: [
    { where: 'nav', via: 'Guides', shows: "14 guides come with pino's package" },
    { where: 'nav', via: 'API', shows: 'Guides / API (4,471 words' },
    { where: 'nav', via: 'About', shows: 'About these notes' },
    { where: 'nav', via: 'Home', shows: START },
  ],
});
