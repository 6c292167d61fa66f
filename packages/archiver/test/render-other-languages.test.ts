import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otherLanguageFiles } from '../src/render/other-languages.js';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { withOfflineCopy } from './support/offline-copy.js';
import { renderOnce } from './support/render-once.js';

// An app whose messages are fetched by language, `/locales/${language}.json`, the one picked
// only when its reader picks it: offline a language menu did nothing before the render asked
// for the other languages' files.

const MESSAGES: Record<string, { title: string; intro: string }> = {
  en: { title: 'Package guide', intro: 'Twelve packages this project installs.' },
  de: { title: 'Paketführer', intro: 'Zwölf Pakete, die dieses Projekt installiert.' },
  fr: { title: 'Guide des paquets', intro: 'Douze paquets que ce projet installe.' },
};
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Guide</title></head><body>
<select id="language"><option value="en">English</option><option value="de">Deutsch</option><option value="fr">Français</option></select>
<h1 id="title"></h1><p id="intro"></p>
<script>
async function use(language) {
  const messages = await (await fetch('/locales/' + language + '.json')).json();
  document.getElementById('title').textContent = messages.title;
  document.getElementById('intro').textContent = messages.intro;
}
document.getElementById('language').addEventListener('change', (event) => use(event.target.value));
use('en');
</script></body></html>`;

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture({
    '/': { body: PAGE },
    ...Object.fromEntries(Object.entries(MESSAGES).map(([language, messages]) => [`/locales/${language}.json`, { type: 'application/json', body: JSON.stringify(messages) }])),
  });
});
afterAll(() => site?.close());

describe('an app whose messages are fetched by the language its reader picks', () => {
  it("is live, and offline each language it offers shows its messages; no language it does not offer was asked for", async () => {
    const { sink, render } = await renderOnce(`${site.origin}/`, { render: 'auto' });
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
    expect([...site.hits.keys()].filter((path) => path.startsWith('/locales/')).sort()).toEqual(['/locales/de.json', '/locales/en.json', '/locales/fr.json']);
    await withOfflineCopy(sink, 'sitezip-other-languages-', async ({ open, requests }) => {
      const page = await open();
      await expect.poll(() => page.locator('#title').textContent()).toBe(MESSAGES.en!.title);
      await page.selectOption('#language', 'de');
      await expect.poll(() => page.locator('#title').textContent()).toBe(MESSAGES.de!.title);
      await page.selectOption('#language', 'fr');
      await expect.poll(() => page.locator('#intro').textContent()).toBe(MESSAGES.fr!.intro);
      expect(requests).toEqual({ online: [], failed: [] });
    });
  }, 60_000);

  it("names the same file in other languages, written as the page's own is, only for a file named for the page's language", () => {
    expect(otherLanguageFiles('https://a.example/locales/en.json', 'en', ['en', 'de'])).toEqual(['https://a.example/locales/de.json']);
    expect(otherLanguageFiles('https://a.example/i18n/en/app.json', 'en-US', ['fr'])).toEqual(['https://a.example/i18n/fr/app.json']);
    expect(otherLanguageFiles('https://a.example/i18n/en-US.json', 'en-US', ['de', 'pt-BR'])).toEqual(['https://a.example/i18n/de-DE.json', 'https://a.example/i18n/pt-BR.json']);
    expect(otherLanguageFiles('https://a.example/messages_en.json?v=3', 'en', ['ja'])).toEqual(['https://a.example/messages_ja.json?v=3']);
    for (const url of ['https://a.example/data/golden.json', 'https://a.example/entry.json', 'https://a.example/en-icons/set.json', 'https://a.example/api/packages.json']) {
      expect(otherLanguageFiles(url, 'en', ['de'])).toEqual([]);
    }
  });
});
