import { fileURLToPath } from 'node:url';
import { serveFolder, type StaticFolder, type StaticFolderOptions } from './static-folder.js';

// The render fixtures: real builds of JavaScript-built pages (fixtures/render/, rebuilt by its
// build.sh from pinned npm packages), and how each one's host serves it.

export interface RenderFixture {
  name: string;
  /** The page a capture starts from, and other pages of the site. */
  start: string;
  pages: string[];
  /** Words the rendered page shows (and, but for a server-rendered site, the served HTML does not). */
  shows: string;
  fallback?: StaticFolderOptions['fallback'];
  /** Whether the pages link to each other (full mode navigates them). */
  site?: boolean;
}

export const RENDER_FIXTURES: readonly RenderFixture[] = [
  { name: 'swagger-ui', start: '/', pages: [], shows: 'Add a new pet to the store' },
  { name: 'redoc', start: '/', pages: [], shows: 'Add a new pet to the store' },
  // A web component (a module script) whose whole UI is in its shadow root, built from the fetched spec.
  { name: 'rapidoc', start: '/', pages: [], shows: 'Add a new pet to the store' },
  // Stoplight Elements' web component (React inside, a hash router), its bundle served gzipped.
  { name: 'elements', start: '/', pages: [], shows: 'allows the public users to discover and search USPTO exported data sets' },
  // Scalar's API reference (Vue): an operation's section is written once it scrolls into view.
  { name: 'scalar', start: '/', pages: [], shows: 'Add a new pet to the store' },
  { name: 'vitepress', start: '/', pages: ['/markdown-examples', '/api-examples'], shows: 'My great project tagline', fallback: 'clean', site: true },
  { name: 'react-router', start: '/', pages: ['/pets', '/pets/4', '/about'], shows: 'Find a pet to adopt', fallback: 'index', site: true },
  // Its start page works from a folder (the router's catch-all shows it), its deeper pages do not.
  { name: 'home-fallback', start: '/', pages: ['/guides/packing', '/guides/water', '/guides/weather', '/team/ada', '/team/lin'], shows: 'Welcome to Trail notes', fallback: 'index', site: true },
  {
    name: 'docusaurus',
    start: '/',
    pages: ['/docs/intro', '/docs/tutorial-basics/create-a-page', '/blog'],
    shows: 'Dinosaurs are cool',
    fallback: '404',
    site: true,
  },
  { name: 'script-loaded', start: '/', pages: [], shows: 'What it means for a copy' },
  // Only its workers write this: the module worker's import, import() and fetch() results.
  { name: 'workers', start: '/', pages: [], shows: 'Largest planet: Jupiter, 69,911 km in radius, with 95 known moons.' },
  // Written on the server; its own script files fill a list by fetch(), count in a worker, import() modules (written and
  // computed addresses), add an image and a stylesheet, and document.write a script: `auto` reads them to decide.
  { name: 'written-page', start: '/', pages: [], shows: 'words, counted in a worker' },
  // The guide's index page: its search box says how many guides it indexed once its fetch() came back.
  { name: 'nextjs', start: '/docs', pages: ['/', '/docs/installation', '/docs/project-structure'], shows: '18 guides indexed', fallback: 'clean', site: true },
  // Pages Router, built by webpack: the home page shows the guides' numbers once its fetch() came back.
  { name: 'nextjs-pages', start: '/', pages: ['/docs/api', '/docs/child-loggers', '/docs/web'], shows: '14 guides, 19,259 words, 198 examples', fallback: 'clean', site: true },
  // Prerendered: its HTML is the page; the boot script (a classic script that import()s) hydrates the counter.
  { name: 'sveltekit', start: '/', pages: ['/about'], shows: 'visit svelte.dev/docs/kit to learn about SvelteKit', fallback: 'clean', site: true },
  // Angular CLI (esbuild, module scripts, <base href="/">, zone.js): lazy routes, HttpClient's XHR for JSON.
  { name: 'angular', start: '/', pages: ['/packages', '/packages/router', '/about'], shows: 'Notes on the packages an Angular app is built from', fallback: 'index', site: true },
  // create-vue's router app (Vite, vue-router in HTML5 history mode): lazy route chunks; its start and package pages fetch() JSON.
  { name: 'vue-router', start: '/', pages: ['/packages', '/packages/vue-router', '/about'], shows: '5 packages, in their own words', fallback: 'index', site: true },
  // Nuxt 4 `nuxi generate`: prerendered pages hydrated in the browser, NuxtLinks that read the next page's _payload.json; its start page fetch()es its list.
  { name: 'nuxt', start: '/', pages: ['/packages', '/packages/nuxt', '/about'], shows: '7 packages under this site, each described by its authors', fallback: '404', site: true },
  // Astro 5 (`astro build`, `<page>/index.html`): Preact islands (client:load fetch()es JSON, client:visible below the fold)
  // and Astro's client router, which fetch()es the next page's HTML when a link is clicked.
  { name: 'astro', start: '/', pages: ['/docs/', '/docs/api/', '/about/'], shows: "4 release lines in pino's LTS schedule", site: true },
  // Gatsby 5 (`gatsby build`, `<page>/index.html` and its page-data.json): a nav of Gatsby <Link>s, whose router requests (XHR)
  // the next page's page-data.json and component chunk (and prefetches them for links in view); its start page fetch()es JSON.
  { name: 'gatsby', start: '/', pages: ['/docs/', '/docs/api/', '/about/'], shows: "pino's LTS schedule lists 4 release lines", fallback: '404', site: true },
  // React Router 7 framework mode, prerendered with `ssr: false` (`<page>/index.html`, its loader's data inline and as `<page>.data`):
  // a nav of <NavLink>s, whose router fetch()es the next page's .data; the start page's clientLoader fetch()es JSON.
  { name: 'react-router-framework', start: '/', pages: ['/docs', '/docs/child-loggers', '/about'], shows: "pino's LTS schedule lists 4 release lines", site: true },
  // VuePress 2 (`vuepress build`, Vite, default theme: `<page>.html` files and a 404.html, served as GitHub Pages or Netlify would): a navbar
  // and sidebar of router links, whose router import()s the next page's chunk; the home page's Vue component fetch()es JSON.
  { name: 'vuepress', start: '/', pages: ['/guide/', '/guide/child-loggers.html', '/about.html'], shows: "pino's LTS schedule lists 4 release lines", fallback: 'clean', site: true },
  // Nextra 4's docs theme on Next.js 16 (App Router static export: `<page>.html` files and a 404.html): a sidebar and navbar of
  // next/link links, whose router fetches the next page's RSC payload (`<page>.txt`); the home page's client component fetch()es JSON.
  { name: 'nextra', start: '/', pages: ['/guides', '/guides/child-loggers', '/about'], shows: "pino's LTS schedule lists 4 release lines", fallback: 'clean', site: true },
  // Mermaid's README as a docs site renders it: mermaid's ESM build draws its ten diagrams, import()ing a chunk per diagram
  // type (the flowchart's layout, 1.6 MB). Only a drawn class diagram shows a stereotype as «Interface» (its source: <<Interface>>).
  { name: 'mermaid', start: '/', pages: [], shows: '«Interface»' },
  // Storybook 10 (React, Vite): its manager fetch()es index.json and shows the story in iframe.html, which builds itself.
  { name: 'storybook', start: '/?path=/story/example-button--primary', pages: [], shows: 'backgroundColor' },
  // docsify 4 (a hash router): each page is its Markdown, fetched by the route (#/changelog: changelog.md) and rendered.
  { name: 'docsify', start: '/', pages: [], shows: 'builds each page in the browser' },
];

export const RENDER_FIXTURES_DIR = fileURLToPath(new URL('../../../../fixtures/render/', import.meta.url));

export function renderFixture(name: string): RenderFixture {
  const fixture = RENDER_FIXTURES.find((f) => f.name === name);
  if (!fixture) throw new Error(`no render fixture ${name}`);
  return fixture;
}

/** Serves a fixture's build folder as its host would. */
export function serveRenderFixture(fixture: RenderFixture, options: { latencyMs?: number } = {}): Promise<StaticFolder> {
  return serveFolder(`${RENDER_FIXTURES_DIR}${fixture.name}`, { fallback: fixture.fallback, ...options });
}
