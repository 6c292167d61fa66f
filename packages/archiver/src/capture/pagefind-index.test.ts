import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeCbor, pagefindFolders, pagefindFragmentUrl, pagefindMetaFiles, readPagefindEntry } from './pagefind-index.js';

// The Starlight fixture's bundle, as Pagefind 1.6.0 wrote it (fixtures/render/build.sh).
const BUNDLE = new URL('../../../../fixtures/render/starlight/pagefind/', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, BUNDLE));
const inFolder = (folder: string) => readdirSync(new URL(`${folder}/`, BUNDLE)).map((name) => `${folder}/${name}`);

describe("Pagefind's bundle, read", () => {
  it('finds every index chunk and fragment the bundle has from its metadata, and nothing else', () => {
    const entry = readPagefindEntry(read('pagefind-entry.json'))!;
    expect(entry.languages).toHaveLength(1);
    expect(entry.languages[0]!.wasm).toBe('en');
    const files = pagefindMetaFiles(read(`pagefind.${entry.languages[0]!.hash}.pf_meta`));
    expect(files.sort()).toEqual([...inFolder('fragment'), ...inFolder('index')].sort());
  });

  it("reads a fragment's page address", () => {
    const urls = inFolder('fragment').map((name) => pagefindFragmentUrl(read(name)));
    expect(urls).toContain('/guides/asynchronous/');
    expect(urls).toContain('/');
    expect(urls.every((url) => typeof url === 'string' && url.startsWith('/'))).toBe(true);
  });

  it('takes a fragment group (a large site\'s) for its pages, and filters', () => {
    // MetaIndex as Pagefind writes it: [version, pages, index chunks, filters, sorts].
    const meta = cbor(['1.6.0', [['en_aaa', 10, ''], ['en_bbb', 12, 'en_grp1'], ['en_ccc', 9, 'en_grp1']], [['a', 'm', 'en_chunk1']], [['tag', 'en_filter1']], []]);
    expect(pagefindMetaFiles(gzipSync(Buffer.concat([Buffer.from('pagefind_dcd'), meta]))).sort()).toEqual(
      ['filter/en_filter1.pf_filter', 'fragment/en_aaa.pf_fragment', 'fragment/en_grp1.pf_fragment', 'index/en_chunk1.pf_index'].sort(),
    );
  });

  it('names no file outside the bundle, whatever its metadata says', () => {
    const meta = cbor(['1.6.0', [['../../etc/passwd', 1, ''], ['en_ok', 1, ''], ['en_grouped', 1, 'a/b']], [['a', 'z', '../x']], [], []]);
    expect(pagefindMetaFiles(Buffer.concat([Buffer.from('pagefind_dcd'), meta]))).toEqual(['fragment/en_ok.pf_fragment']);
  });

  it('reads nothing from what is not a bundle file: no signature, a truncated or bad item, a bomb', () => {
    expect(pagefindMetaFiles(Buffer.from('<!doctype html><title>Not found</title>'))).toEqual([]);
    expect(pagefindMetaFiles(gzipSync(Buffer.from('no signature here')))).toEqual([]);
    expect(pagefindMetaFiles(Buffer.concat([Buffer.from('pagefind_dcd'), Buffer.from([0x9a, 0xff, 0xff, 0xff, 0xff])]))).toEqual([]);
    expect(pagefindMetaFiles(Buffer.concat([Buffer.from('pagefind_dcd'), Buffer.from([0x85, 0x61])]))).toEqual([]);
    expect(pagefindMetaFiles(gzipSync(Buffer.alloc(100 * 1024 * 1024)))).toEqual([]);
    expect(readPagefindEntry(Buffer.from('{"languages":{"en":{"hash":"../x"}}}'))).toBeUndefined();
    expect(readPagefindEntry(Buffer.from('not json'))).toBeUndefined();
  });

  it('decodes CBOR as RFC 8949 writes it', () => {
    expect(decodeCbor(Buffer.from('8301820203820405', 'hex'))).toEqual([1, [2, 3], [4, 5]]);
    expect(decodeCbor(Buffer.from('a26161016162820203', 'hex'))).toEqual(new Map<unknown, unknown>([['a', 1], ['b', [2, 3]]]));
    expect(decodeCbor(Buffer.from('3903e7', 'hex'))).toBe(-1000);
    expect(decodeCbor(Buffer.from('1b000000e8d4a51000', 'hex'))).toBe(1_000_000_000_000);
    expect(decodeCbor(Buffer.from('fb3ff199999999999a', 'hex'))).toBe(1.1);
    expect(decodeCbor(Buffer.from('c074323031332d30332d32315432303a30343a30305a', 'hex'))).toBe('2013-03-21T20:04:00Z');
    expect(() => decodeCbor(Buffer.from('9f0102ff', 'hex'))).toThrow(/indefinite/);
  });
});

describe('where a page or script says the bundle is', () => {
  const page = 'https://docs.example/guides/api/';
  it.each([
    ['Starlight', 'bundlePath:"/".replace(/\\/$/,"")+"/pagefind/",showImages:!1', 'https://docs.example/pagefind/'],
    ['Nextra', 'window.pagefind=await import((0,e2.addBasePath)("/_pagefind/pagefind.js"))', 'https://docs.example/_pagefind/'],
    ['the default UI', '<script src="/docs/pagefind/pagefind-ui.js"></script>', 'https://docs.example/docs/pagefind/'],
    ['a relative folder', "new PagefindUI({ bundlePath: 'pagefind/' })", 'https://docs.example/guides/api/pagefind/'],
    ['a folder put together at run time', 'const pagefind = await import(base + "pagefind.js")', 'https://docs.example/pagefind/'],
  ])('%s', (_, text, folder) => {
    expect(pagefindFolders(text, page)).toEqual([folder]);
  });
});

/** CBOR of arrays, strings and small integers: what the metadata is made of. */
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number) => (n < 24 ? Buffer.from([(major << 5) | n]) : Buffer.from([(major << 5) | 24, n]));
  if (typeof value === 'number') return head(0, value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  const items = value as unknown[];
  return Buffer.concat([head(4, items.length), ...items.map(cbor)]);
}
