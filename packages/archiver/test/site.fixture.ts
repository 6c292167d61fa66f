import type { FixtureRoute } from './support/fixture-site.js';
import { PNG_1PX } from './support/fixture-site.js';

const page = (title: string, body: string): FixtureRoute => ({
  body: `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title><link rel="stylesheet" href="/site.css"></head>
<body><nav><a href="/">Home</a> <a href="/about">About</a> <a href="/blog/">Blog</a></nav><h1>${title}</h1>${body}</body></html>`,
});

/**
 * A small site with a cycle (every page links home), robots.txt rules, a sitemap, a calendar
 * trap, session ids, noindex/nofollow pages and links out of scope.
 */
export function siteFixture(otherOrigin: string): Record<string, FixtureRoute> {
  const calendar: Record<string, FixtureRoute> = {};
  return {
    '/robots.txt': {
      type: 'text/plain',
      // Our own group applies, not `*`: /star-only/ is ours to fetch, /private/ (but open) and /no-sitezip/ are not.
      body: `User-agent: *\nDisallow: /star-only/\n\nUser-agent: sitezip\nAllow: /private/open\nDisallow: /private/\nDisallow: /no-sitezip/\nDisallow: /*.pdf$\n\nSitemap: /sitemap.xml\n`,
    },
    '/sitemap.xml': {
      type: 'application/xml',
      body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>/from-sitemap</loc></url></urlset>`,
    },
    '/site.css': { type: 'text/css', body: 'h1 { color: rgb(1, 2, 3); } body { background: url(/bg.png); }' },
    '/bg.png': { type: 'image/png', body: PNG_1PX },
    '/': page(
      'Home',
      `<a href="/about/index.html">About again</a> <a href="/about/">About slash</a>
<a href="/blog/post-1?sid=123">Post 1 with session</a> <a href="/calendar?month=1">Calendar</a>
<a href="/private/secret">Private</a> <a href="/star-only/page">Star only</a> <a href="/private/open">Open</a> <a href="/no-sitezip/x">No sitezip</a>
<a href="/noindex">Noindex</a> <a href="/nofollow">Nofollow</a> <a href="/header-noindex">Header noindex</a> <a href="/header-nofollow">Header nofollow</a> <a href="/missing">Missing</a>
<a href="${otherOrigin}/elsewhere">Elsewhere</a> <a href="mailto:someone@example.com">Mail</a>`,
    ),
    '/about': page('About', '<p>About us</p><a href="/deep/1">Deep</a>'),
    '/about/': page('About', '<p>About us</p><a href="/deep/1">Deep</a>'),
    '/about/index.html': page('About', '<p>About us</p>'),
    '/blog/': page('Blog', '<a href="/blog/post-1">Post 1</a> <a href="post-2">Post 2</a>'),
    '/blog/post-1': page('Post 1', '<img src="/bg.png"><a href="/blog/">Back</a>'),
    '/blog/post-2': page('Post 2', '<a href="/blog/post-1#comments">Post 1 comments</a>'),
    '/deep/1': page('Deep 1', '<a href="/deep/2">Deeper</a>'),
    '/deep/2': page('Deep 2', '<a href="/deep/3">Deeper</a>'),
    '/deep/3': page('Deep 3', '<p>bottom</p>'),
    '/private/secret': page('Secret', '<p>should not be fetched</p>'),
    '/private/open': page('Open', '<p>allowed for sitezip</p>'),
    '/no-sitezip/x': page('No', '<p>should not be fetched</p>'),
    '/star-only/page': page('Star only', '<p>only * is disallowed here</p>'),
    '/noindex': { body: '<meta name="robots" content="noindex"><title>Noindex</title><a href="/from-noindex">x</a>' },
    '/nofollow': { body: '<meta name="robots" content="nofollow"><title>Nofollow</title><a href="/from-nofollow">x</a>' },
    '/from-nofollow': page('From nofollow', ''),
    '/header-noindex': { headers: { 'x-robots-tag': 'noindex' }, body: '<title>Header noindex</title><p>secret</p>' },
    '/header-nofollow': { headers: { 'x-robots-tag': 'nofollow' }, body: '<title>Header nofollow</title><a href="/from-header-nofollow">x</a>' },
    '/from-header-nofollow': page('From header nofollow', ''),
    '/from-sitemap': page('From sitemap', '<p>seeded</p>'),
    '/calendar': {
      handle: (request, response) => {
        const month = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('month') ?? 1);
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end(`<title>Month ${month}</title><a href="/calendar?month=${month + 1}">next</a>`);
      },
    },
    ...calendar,
  };
}
