import { describe, it, expect } from 'vitest';
import { findHtmlRefs } from './html.js';
import { HTML_SOURCES, type HtmlSource } from './html-sources.js';

const VOID = new Set(['img', 'source', 'track', 'input', 'embed', 'link', 'area', 'frame']);
const SVG = new Set(['image', 'use', 'feimage']);

/** An attribute value holding the single reference `u.png` in the row's format. */
function valueFor(row: HtmlSource): string {
  switch (row.format ?? 'url') {
    case 'srcset':
      return 'u.png 2x';
    case 'css':
      return 'background:url(u.png)';
    case 'html':
      return '<img src=u.png>';
    default:
      return 'u.png';
  }
}

/** A document in which the row's element sits where the parser keeps it. */
function fixture(row: HtmlSource): string {
  const tag = row.tag === '*' ? 'div' : row.tag;
  const when = (row.when ?? []).map((t) => ` ${t.attr}="${'hasToken' in t ? t.hasToken : 'is' in t ? t.is : `not-${t.isNot}`}"`).join('');
  const attrs = `${when} ${row.attr}="${valueFor(row).replace(/"/g, '&quot;')}"`;
  const svg = SVG.has(tag.toLowerCase()) || row.attr.startsWith('xlink:') || (tag === 'script' && row.attr === 'href');
  if (svg) return `<svg><${tag}${attrs}/></svg>`;
  const el = VOID.has(tag) ? `<${tag}${attrs}>` : `<${tag}${attrs}></${tag}>`;
  if (tag === 'body') return `<body${attrs}>`;
  if (tag === 'td' || tag === 'th') return `<table><tr>${el}</tr></table>`;
  if (tag === 'frame') return `<frameset>${el}</frameset>`;
  if (tag === 'track') return `<video>${el}</video>`;
  return el;
}

describe('HTML_SOURCES', () => {
  it.each(HTML_SOURCES.map((row) => [`${row.tag} ${row.attr} ${JSON.stringify(row.when ?? [])}`, row] as const))(
    'finds %s',
    (_, row) => {
      const kind = row.format === 'css' || row.format === 'html' ? 'image' : row.kind;
      const source = row.format === 'html' ? 'srcdoc' : row.format === 'css' ? 'css' : row.format === 'srcset' ? 'srcset' : 'attr';
      expect(findHtmlRefs(fixture(row)).refs).toEqual([{ url: 'u.png', kind, source, follow: row.follow !== false }]);
    },
  );

  it('covers every link rel the archiver follows', () => {
    const kinds = (html: string) => findHtmlRefs(html).refs.map((r) => r.kind);
    expect(
      kinds(`<link rel="alternate stylesheet" href=a><link rel="shortcut icon" href=b><link rel=apple-touch-icon href=c>
        <link rel=apple-touch-icon-precomposed href=d><link rel=mask-icon href=e><link rel=manifest href=f>
        <link rel=preload as=style href=g><link rel=preload as=script href=h><link rel=preload as=font href=i>
        <link rel=preload as=image href=j><link rel=preload as=fetch href=k><link rel=modulepreload href=l>
        <link REL="Stylesheet" href=m><link rel=prefetch href=n>`),
    ).toEqual(['stylesheet', 'icon', 'icon', 'icon', 'icon', 'manifest', 'stylesheet', 'script', 'font', 'image', 'other', 'module', 'stylesheet', 'other']);
  });

  it('does not follow canonical/alternate links, meta images or non-image inputs', () => {
    expect(
      findHtmlRefs(`<link rel=canonical href=a><link rel=alternate href=b><link href=c>
        <meta property="og:image" content="d.png"><input type=text src=e.png>`).refs,
    ).toEqual([]);
  });
});
