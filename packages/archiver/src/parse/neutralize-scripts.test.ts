import { describe, expect, it } from 'vitest';
import { neutralizeScripts } from './neutralize-scripts.js';

describe('neutralizeScripts', () => {
  it('removes scripts, script preloads, event handlers and javascript: URLs, and keeps the rest as it was', () => {
    const html = `<!DOCTYPE html><html><head><link rel="modulepreload" href="/a.js"><link rel="preload" as="script" href="/b.js">
<link rel="preload" as="style" href="/c.css"><script src="/app.js"></script><script>window.x = 1</script></head>
<body onload="go()"><div id="root" class="app"><p>Built <b>by</b> script</p>
<a href="javascript:void(0)" onclick="open()">Menu</a> <a href=" JaVa\tScript:alert(1)">odd</a> <a href="/docs">Docs</a>
<svg><script>alert(2)</script><circle r="1" onmouseover="x()"/></svg>
<template shadowrootmode="open"><script>alert(3)</script><span>shadow</span></template></div>
<script type="module">import './x.js'</script></body></html>`;
    const out = neutralizeScripts(html);
    expect(out).not.toMatch(/<script|modulepreload|as="script"|onload|onclick|onmouseover|javascript:/i);
    expect(out).toContain('<link rel="preload" as="style" href="/c.css">');
    expect(out).toContain('<div id="root" class="app"><p>Built <b>by</b> script</p>');
    expect(out).toContain('<a href="#">Menu</a>');
    expect(out).toContain('<a href="/docs">Docs</a>');
    expect(out).toContain('<circle r="1" />');
    expect(out).toContain('<span>shadow</span>');
  });

  it('leaves a page without scripts unchanged', () => {
    const html = '<!doctype html><title>t</title><p title="onclick">text</p><img src="a.png" alt="">';
    expect(neutralizeScripts(html)).toBe(html);
  });
});
