import type { FixtureRoute } from './support/fixture-site.js';

// Bytes written by hand: no encoder for legacy charsets ships with Node.
const SJIS_NIHONGO = Buffer.from([0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea]); // 日本語
const CP1251_PRIVET = Buffer.from([0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2]); // Привет
const CP1252_CAFE = Buffer.from([0x63, 0x61, 0x66, 0xe9]); // café
const ascii = (s: string) => Buffer.from(s, 'latin1');

/** Pages and stylesheets in Shift_JIS, windows-1251 and windows-1252. */
export const encodingSite: Record<string, FixtureRoute> = {
  '/sjis': {
    type: 'text/html',
    body: Buffer.concat([ascii('<html><head><meta charset="Shift_JIS"><title>'), SJIS_NIHONGO, ascii('</title></head><body><p>'), SJIS_NIHONGO, ascii('</p></body></html>')]),
  },
  '/cp1251': {
    type: 'text/html; charset=windows-1251',
    body: Buffer.concat([ascii('<link rel=stylesheet href="a.css"><link rel=stylesheet href="b.css"><p>'), CP1251_PRIVET, ascii('</p>')]),
  },
  '/a.css': { type: 'text/css', body: Buffer.concat([ascii('@charset "windows-1251";\np::after{content:"'), CP1251_PRIVET, ascii('"}')]) },
  '/b.css': { type: 'text/css', body: Buffer.concat([ascii('p::before{content:"'), CP1251_PRIVET, ascii('"}')]) },
  // Scripts without a charset of their own are read in their page's encoding; d.js says UTF-8.
  '/cp1251-scripts': { type: 'text/html; charset=windows-1251', body: ascii('<script src="c.js"></script><script src="d.js"></script><p>scripts</p>') },
  '/c.js': { type: 'text/javascript', body: Buffer.concat([ascii('document.title = "'), CP1251_PRIVET, ascii('";')]) },
  '/d.js': { type: 'text/javascript; charset=utf-8', body: Buffer.from('document.body.dataset.word = "Привет";', 'utf8') },
  '/cp1252': { type: 'text/html', body: Buffer.concat([ascii('<p>'), CP1252_CAFE, ascii('</p>')]) },
};
