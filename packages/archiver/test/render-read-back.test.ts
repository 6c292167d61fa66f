import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { withOfflineCopy } from './support/offline-copy.js';
import { renderOnce } from './support/render-once.js';

// Scripts that read an image's pixels: a WebGL texture (three.js's TextureLoader) and a canvas
// read back after an image is drawn into it. From the copy's folder an image file is of another
// origin than the page: WebGL refuses it (a model drawn black) and the canvas can no longer be
// read. The live copy must give such images so that the page's scripts can read them.

const GLAZE = [95, 158, 122] as const;
function solidPng(): Buffer {
  const image = new PNG({ width: 8, height: 8 });
  for (let i = 0; i < 64; i++) image.data.set([...GLAZE, 255], i * 4);
  return PNG.sync.write(image);
}

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Glaze sample</title></head>
<body><h1>Celadon glaze</h1><p>Read from the sample's canvas: <span id="canvas2d">…</span></p><p>Read from its texture: <span id="webgl">…</span></p>
<script>
const rgb = (p) => 'rgb(' + p[0] + ', ' + p[1] + ', ' + p[2] + ')';
const image = new Image();
image.crossOrigin = 'anonymous';
image.onload = () => {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 4;
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0, 4, 4);
  try { document.getElementById('canvas2d').textContent = rgb(context.getImageData(1, 1, 1, 1).data); } catch (error) { document.getElementById('canvas2d').textContent = 'refused (' + error.name + ')'; }
  const gl = document.createElement('canvas').getContext('webgl');
  const texture = gl.createTexture();
  gl.bindTexture(gl.TEXTURE_2D, texture);
  try {
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, image);
    gl.bindFramebuffer(gl.FRAMEBUFFER, gl.createFramebuffer());
    gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, texture, 0);
    const pixel = new Uint8Array(4);
    gl.readPixels(1, 1, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
    document.getElementById('webgl').textContent = rgb(pixel);
  } catch (error) { document.getElementById('webgl').textContent = 'refused (' + error.name + ')'; }
};
fetch('/sample.json').then((r) => r.json()).then((sample) => { image.src = sample.image; });
</script></body></html>`;

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture({
    '/': { body: PAGE },
    '/sample.json': { type: 'application/json', body: JSON.stringify({ image: '/textures/glaze.png' }) },
    '/textures/glaze.png': { type: 'image/png', body: solidPng(), headers: { 'access-control-allow-origin': '*' } },
  });
});
afterAll(() => site.close());

describe('a page whose scripts read the pixels of an image they load', () => {
  it('keeps its live copy, where a texture and a canvas read back show the image offline', async () => {
    const { sink, render } = await renderOnce(`${site.origin}/`);
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
    const expected = `rgb(${GLAZE.join(', ')})`;
    await withOfflineCopy(sink, 'sitezip-read-back-', async ({ open, requests }) => {
      const copy = await open();
      await expect.poll(() => copy.locator('#webgl').textContent()).not.toBe('…');
      expect([await copy.locator('#canvas2d').textContent(), await copy.locator('#webgl').textContent()]).toEqual([expected, expected]);
      expect(requests).toEqual({ online: [], failed: [] });
    });
  }, 60_000);
});
