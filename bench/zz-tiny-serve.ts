import { serveFixture, PNG_1PX } from '../packages/archiver/test/support/fixture-site.js';
const site = await serveFixture({
  '/': { body: '<!doctype html><html><head><title>Tiny</title><link rel="stylesheet" href="/s.css"><script src="/a.js"></script></head><body><h1>Tiny page</h1><p>Some words of text on this small page, enough to count as a page.</p><img src="/i.png"><img src="/j.png"></body></html>' },
  '/s.css': { type: 'text/css', body: 'body{font-family:sans-serif} h1{background:url(bg.png)}' },
  '/a.js': { type: 'text/javascript', body: 'console.log(1)' },
  '/i.png': { type: 'image/png', body: PNG_1PX },
  '/j.png': { type: 'image/png', body: Buffer.concat([PNG_1PX, Buffer.from('j')]) },
  '/bg.png': { type: 'image/png', body: Buffer.concat([PNG_1PX, Buffer.from('bg')]) },
}, { latencyMs: 40 });
console.log(site.url);
await new Promise(() => {});
