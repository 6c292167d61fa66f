import { describe, expect, it } from 'vitest';
import { findHtmlRefs } from '../parse/index.js';
import { pageRefs } from './page-deps.js';
import { MAX_LOGGED_REFS, PageLog, readPageLog } from './page-log.js';

const PAGE = 'https://a.test/docs/page';

describe('pageRefs', () => {
  it('lists each URL once, absolute, the first kind winning among assets, pages apart, against <base href>', () => {
    const scan = findHtmlRefs('<base href="/other/"><img src=x.png><link rel=icon href=x.png><a href=x.png>x</a><a href="#top">top</a><a href=b>b</a><a href=b>b</a>');
    expect(pageRefs(scan, PAGE)).toEqual([
      { kind: 'image', url: 'https://a.test/other/x.png' },
      { kind: 'page', url: 'https://a.test/other/x.png' },
      { kind: 'page', url: 'https://a.test/other/b' },
    ]);
  });

  it('gives nothing for a page that inlines sprites or modules, or has too many references to log', () => {
    expect(pageRefs(findHtmlRefs('<svg><use href="/i.svg#a"></use></svg>'), PAGE)).toBeUndefined();
    expect(pageRefs(findHtmlRefs('<script type=module>import "./m.js"</script>'), PAGE)).toBeUndefined();
    const many = (n: number) => Array.from({ length: n }, (_, i) => `<img src=/i/${i}.png>`).join('');
    expect(pageRefs(findHtmlRefs(many(MAX_LOGGED_REFS)), PAGE)).toHaveLength(MAX_LOGGED_REFS);
    expect(pageRefs(findHtmlRefs(many(MAX_LOGGED_REFS + 1)), PAGE)).toBeUndefined();
  });
});

describe('PageLog', () => {
  it('reads back what it wrote, and writes the same file whatever order pages were noted in', () => {
    const a = { url: 'https://a.test/a', encoding: 'utf-8', follow: true, digest: 'd1', refs: [{ kind: 'image' as const, url: 'https://a.test/x.png' }, { kind: 'page' as const, url: 'https://a.test/b' }] };
    const b = { url: 'https://a.test/b', encoding: 'windows-1252', follow: false, digest: 'd2', refs: [{ kind: 'stylesheet' as const, url: 'https://a.test/s.css' }] };
    const one = new PageLog();
    one.note(a);
    one.note(b);
    const other = new PageLog();
    other.note(b);
    other.note(a);
    expect(other.toBuffer().equals(one.toBuffer())).toBe(true);
    expect([...readPageLog(one.toBuffer()).values()]).toEqual([a, b]);
  });

  it('reads a missing, malformed or other version of log as empty', () => {
    expect(readPageLog(undefined).size).toBe(0);
    expect(readPageLog(Buffer.from('{')).size).toBe(0);
    expect(readPageLog(Buffer.from(JSON.stringify({ version: 99, urls: [], pages: [] }))).size).toBe(0);
  });
});
