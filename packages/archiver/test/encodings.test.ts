import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archivePage, MemorySink } from '../src/index.js';
import { encodingSite } from './encodings.fixture.js';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture(encodingSite);
});
afterAll(() => site.close());

async function capture(path: string, render: 'auto' | 'never' = 'auto'): Promise<MemorySink> {
  const sink = new MemorySink();
  await archivePage(`${site.origin}${path}`, sink, { allowPrivateNetworks: true, render });
  return sink;
}

describe('legacy encodings', () => {
  it('turns a Shift_JIS page declared by <meta> into readable UTF-8 that says so', async () => {
    const html = (await capture('/sjis')).text('index.html');
    expect(html).toContain('<title>日本語</title>');
    expect(html).toContain('<p>日本語</p>');
    expect(html.startsWith('<html><head><meta charset="utf-8">')).toBe(true);
    expect(html).toContain('<meta charset="utf-8"><title>');
    expect(html).not.toMatch(/shift_jis/i);
  });

  it('uses the Content-Type charset, @charset, and the document encoding for stylesheets', async () => {
    const sink = await capture('/cp1251');
    const host = `127.0.0.1_${new URL(site.url).port}`;
    expect(sink.text('index.html')).toContain('<p>Привет</p>');
    expect(sink.text(`${host}/a.css`)).toBe('@charset "utf-8";\np::after{content:"Привет"}');
    expect(sink.text(`${host}/b.css`)).toBe('p::before{content:"Привет"}');
  });

  it("saves classic scripts as UTF-8, as the copy's pages are: one without a charset was read in its page's", async () => {
    const sink = await capture('/cp1251-scripts', 'never');
    const host = `127.0.0.1_${new URL(site.url).port}`;
    expect(sink.text(`${host}/c.js`)).toBe('document.title = "Привет";');
    expect(sink.text(`${host}/d.js`)).toBe('document.body.dataset.word = "Привет";');
  });

  it('falls back to windows-1252 for undeclared text that is not UTF-8', async () => {
    expect((await capture('/cp1252')).text('index.html')).toContain('<p>café</p>');
  });
});
