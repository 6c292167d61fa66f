import type { FixtureRoute } from './support/fixture-site.js';

const js = (body: string): FixtureRoute => ({ type: 'text/javascript', body });

/** A module-based page: relative, bare (import map), cyclic, dynamic, JSON and inline imports, and a classic script's import(). */
export const moduleSite: Record<string, FixtureRoute> = {
  '/': {
    body: `<!doctype html><html><head><meta charset="utf-8"><title>Modules</title>
<script type="importmap">{"imports": {"greeting": "/lib/greeting.js", "vendor/": "/vendor/"}}</script>
<link rel="modulepreload" href="/app/main.js">
<script type="module" src="/app/main.js"></script>
<script type="module">import { shout } from './lib/shout.js'; document.getElementById('inline').textContent = shout('inline');</script>
</head><body><p id="out">waiting</p><p id="inline">waiting</p><p id="lazy">waiting</p><p id="meta"></p><p id="boot">waiting</p>
<script>
  // A classic script that starts the app by import(), as SvelteKit does.
  Promise.all([import("./app/boot.js"), import('/lib/shout.js')]).then(([boot, lib]) => boot.start(lib.shout));
</script></body></html>`,
  },
  '/app/main.js': js(`import { greet } from 'greeting';
import { even } from './even.js';
import { version } from 'vendor/v.js';
import data from './data.json' with { type: 'json' };
document.getElementById('out').textContent = [greet('offline'), even(4), version, data.answer].join(' ');
import('./lazy.js').then((m) => { document.getElementById('lazy').textContent = m.lazy; });
document.getElementById('meta').textContent = new URL('./x.png', import.meta.url).pathname;`),
  '/app/even.js': js(`import { odd } from './odd.js';\nexport function even(n) { return n === 0 ? 'even' : odd(n - 1); }`),
  '/app/odd.js': js(`import { even } from './even.js';\nexport function odd(n) { return n === 0 ? 'odd' : even(n - 1); }`),
  '/app/data.json': { type: 'application/json', body: '{"answer": 42}' },
  '/app/lazy.js': js(`export const lazy = 'lazy loaded';`),
  '/app/boot.js': js(`export function start(shout) { document.getElementById('boot').textContent = shout('booted by a classic script'); }`),
  '/lib/greeting.js': js(`export const greet = (who) => 'hello ' + who;`),
  '/lib/shout.js': js(`export const shout = (s) => s.toUpperCase();`),
  // Markup in a module's text must not end the copy's block of module texts early.
  '/vendor/v.js': js(`export const version = 'v1'; export const markup = '</script><!-- <script>';`),
};
