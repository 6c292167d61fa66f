import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserResponse } from '../load/page-loader.js';
import { moduleLexerReady } from '../parse/index.js';
import { workerScripts } from './worker-scripts.js';

beforeAll(() => moduleLexerReady);

const site = 'https://x.test';

function recorded(path: string, body: string, type: BrowserResponse['type'] = 'script', status = 200): BrowserResponse {
  const url = `${site}${path}`;
  return {
    key: `GET ${url}`,
    method: 'GET',
    url,
    type,
    response: { requestedUrl: url, url, status, headers: {}, mimeType: 'text/javascript', charset: undefined, body: Buffer.from(body), redirects: [] },
  };
}

const responses = [
  recorded('/app.js', `import { big } from './lib/big.js'; new Worker(new URL('./w.js', import.meta.url));`),
  recorded('/w.js', `import { words } from './lib/words.js';\nconst later = () => import("/lib/later.js");\nfetch(new URL('data.json', import.meta.url));`),
  recorded('/lib/words.js', `export * from './shared.js'; import 'bare-package';`),
  recorded('/lib/shared.js', `export const words = 1; import './words.js';`),
  recorded('/lib/later.js', `export const later = 2;`),
  recorded('/lib/big.js', `export const big = 'not a worker script';`),
  recorded('/classic.js', `importScripts('helper.js');`),
  recorded('/helper.js', `var helper = 1;`, 'other'),
  recorded('/gone.js', `not found`, 'script', 404),
];

describe('workerScripts', () => {
  it('embeds the workers’ scripts and the modules they import, not the page’s own', () => {
    const scripts = workerScripts([`${site}/w.js`, `${site}/classic.js`, 'blob:https://x.test/1', `${site}/gone.js`], responses, 1e6);
    expect(Object.keys(scripts).sort()).toEqual(['/classic.js', '/lib/later.js', '/lib/shared.js', '/lib/words.js', '/w.js'].map((p) => `${site}${p}`));
    expect(scripts[`${site}/w.js`]).toEqual([
      'import { words } from ',
      `${site}/lib/words.js`,
      ';\nconst later = () => import(',
      `${site}/lib/later.js`,
      `);\nfetch(new URL('data.json', ("${site}/w.js")));`,
    ]);
    // A bare name means nothing in a worker (no import map): left as written. A cycle is cut like any import.
    expect(scripts[`${site}/lib/words.js`]).toEqual(['export * from ', `${site}/lib/shared.js`, `; import 'bare-package';`]);
    expect(scripts[`${site}/lib/shared.js`]).toEqual(['export const words = 1; import ', `${site}/lib/words.js`, ';']);
    // importScripts() is no import: its script is replayed from the recorded responses.
    expect(scripts[`${site}/classic.js`]).toEqual([`importScripts('helper.js');`]);
  });

  it('leaves out what does not fit in the byte budget', () => {
    const scripts = workerScripts([`${site}/w.js`], responses, 130);
    expect(Object.keys(scripts)).toEqual([`${site}/w.js`]);
    expect(workerScripts([`${site}/w.js`], responses, 10)).toEqual({});
  });
});
