import { findHtmlRefs, rewriteHtml } from './src/parse/index.js';
const mb = Number(process.argv[3] ?? 50);
const n = mb*1024*1024;
const variants: Record<string, () => string> = {
  spans: () => '<span class="c">word</span>'.repeat(n/27),
  links: () => Array.from({length: n/28}, (_, i) => `<a href="/p/${i}">x</a>`).join(''),
  imgs: () => Array.from({length: n/28}, (_, i) => `<img src="/i/${i}.png">`).join(''),
  nested: () => '<div>'.repeat(n/5),
  nested100k: () => '<div>'.repeat(100000),
  text: () => '<p>' + 'a'.repeat(n),
};
const html = '<!doctype html><body>' + variants[process.argv[2]!]!();
let t = Date.now();
const scan = findHtmlRefs(html);
console.log(process.argv[2], mb, 'MB find ms', Date.now()-t, 'refs', scan.refs.length, 'rss MB', Math.round(process.memoryUsage().rss/1048576));
t = Date.now();
const out = rewriteHtml(html, { map: (r) => r.url + 'x', csp: 'x' });
console.log('rewrite ms', Date.now()-t, out.length, 'rss MB', Math.round(process.memoryUsage().rss/1048576));
