import { expect } from '../support/test.js';
import { renderFixture } from '../../packages/archiver/test/support/render-fixtures.js';
import { pinoGuidesSiteTests } from './pino-guides-site.js';

// VuePress 2 as `vuepress build` writes it (Vite bundler, default theme): every page a `<page>.html`
// (a folder's README as `<folder>/index.html`) whose HTML is the page, server-rendered, then taken
// over by Vue: its router moves between pages by import()ing the next page's chunk. Pino's own
// guides under /guide/ with a sidebar, a navbar (Home, Guides, About) and the theme's search box.
// The start page is the theme's home (hero, features) whose Vue component fetch()es
// /data/releases.json in the browser (the HTML holds only "Loading the release lines…") and has a
// counter. One capture for the file: a mirror of the start page and the first three pages it
// links to (Guides, About, and Child loggers from the hero).

const START = renderFixture('vuepress').shows;

pinoGuidesSiteTests('vuepress', {
  pages: ['/', '/about.html', '/guide/', '/guide/child-loggers.html'],
  // Every page's HTML is whole (server-rendered), but VuePress's client takes it over (its router, the page's chunk import()ed at run time): all are rendered.
  reason: 'VuePress takes the page over in the browser',
  title: 'every page is rendered for VuePress and saved live on target, and offline the navbar and sidebar lead to the local copies, in Chromium',
  // A reader's way through the mirror by the navbar (in the <header>) and the guides' sidebar (the <aside>).
  walk: [
    { where: 'header', via: 'Guides', shows: '7 of the guides pino 10.4.0 ships in its package (3,632 words)' },
    { where: 'aside', via: 'Child loggers', shows: 'Duplicate keys caveat' },
    { where: 'header', via: 'About', shows: 'About these notes' },
    { where: 'header', via: 'Home', shows: START },
  ],
  // The theme's hero, as served.
  served: (page) => expect(page.locator('.vp-hero')).toContainText("pino's own guides, read in a VuePress site"),
});
