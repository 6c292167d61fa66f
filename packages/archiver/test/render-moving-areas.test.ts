import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { renderOnce } from './support/render-once.js';

// A scene drawn on every frame for ever (a three.js product viewer, a game's title screen): its
// copy, pictured a moment after the page was, shows it at another angle. The self-check compares
// such an area by its colours, not pixel for pixel, so a live copy that turns as the page does is
// kept. The page styles its canvas by tag (canvas { display: block }), as three.js pages do: its
// snapshot, where the canvas is an image, must stand where the canvas stood.
const SCENE = `<!doctype html><html><head><meta charset="utf-8"><title>Kiln No. 7</title>
<style>body { font: 18px/1.5 serif; margin: 2rem; background: #f5f2ea; } canvas { display: block; border-radius: 12px; }</style></head>
<body><h1>Kiln No. 7</h1><p>A wheel-thrown stoneware teapot in a pale celadon glaze.</p>
<canvas id="scene" width="960" height="560"></canvas>
<p id="status">Loading the model…</p>
<h2>Specifications</h2><table><tr><td>Capacity</td><td>650 ml</td></tr><tr><td>Glaze</td><td>Celadon</td></tr></table>
<script>
fetch('/model.json').then((r) => r.json()).then((model) => {
  const context = document.getElementById('scene').getContext('2d');
  // By frames drawn, as a game's loop turns it: the copy has drawn another number of frames when pictured.
  let frames = 0;
  const turn = () => {
    context.fillStyle = '#dfe4e1';
    context.fillRect(0, 0, 960, 560);
    context.save();
    context.translate(480, 280);
    context.rotate(++frames / 20);
    context.fillStyle = model.colour;
    context.fillRect(-300, -90, 600, 180);
    context.restore();
    requestAnimationFrame(turn);
  };
  requestAnimationFrame(turn);
  document.getElementById('status').textContent = model.name + ', turning slowly.';
});
</script></body></html>`;

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture({ '/': { body: SCENE }, '/model.json': { type: 'application/json', body: JSON.stringify({ name: 'Celadon teapot', colour: '#5f9e7a' }) } });
});
afterAll(() => site.close());

describe('a page whose canvas turns for ever', () => {
  it('keeps its live copy, which turns too: the scene is compared by its colours; its snapshot stands where the canvas stood', async () => {
    const { render } = await renderOnce(`${site.origin}/`, { checkSnapshots: true, renderTimeoutMs: 30_000 });
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
    expect(render?.check?.pixelDiff, JSON.stringify(render)).toBeLessThanOrEqual(0.5);
    expect(render?.candidates?.snapshot?.pixelDiff, JSON.stringify(render)).toBeLessThanOrEqual(0.5);
  }, 60_000);
});
