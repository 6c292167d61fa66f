import { describe, expect, it } from 'vitest';
import { expectLinearTime } from '../../test/support/time-budget.js';
import { folderOf, PathAllocator, safeSegment } from './local-path.js';
import { relativeLink } from './relative-path.js';

describe('PathAllocator', () => {
  it('places files under their host with a matching extension', () => {
    const paths = new PathAllocator();
    expect(paths.allocate('https://example.com/css/site.css', 'text/css')).toBe('example.com/css/site.css');
    expect(paths.allocate('http://127.0.0.1:8080/img/a.png', 'image/png')).toBe('127.0.0.1_8080/img/a.png');
    expect(paths.allocate('https://example.com/api/style', 'text/css')).toBe('example.com/api/style.css');
    expect(paths.allocate('https://example.com/page.php', 'text/html')).toBe('example.com/page.php.html');
    expect(paths.allocate('https://example.com/docs/', 'text/html')).toBe('example.com/docs/index.html');
  });

  it('gives different query strings different files, deterministically', () => {
    const a = new PathAllocator();
    const b = new PathAllocator();
    const first = a.allocate('https://example.com/img.png?v=1', 'image/png');
    const second = a.allocate('https://example.com/img.png?v=2', 'image/png');
    expect(first).not.toBe(second);
    expect(first).toMatch(/^example\.com\/img-[0-9a-f]{8}\.png$/);
    expect(b.allocate('https://example.com/img.png?v=1', 'image/png')).toBe(first);
    expect(a.allocate('https://example.com/img.png?v=1', 'image/png')).toBe(first);
  });

  it('never lets two URLs share a path, even differing only in case', () => {
    const paths = new PathAllocator();
    const upper = paths.allocate('https://example.com/Logo.png', 'image/png');
    const lower = paths.allocate('https://example.com/logo.png', 'image/png');
    expect(upper.toLowerCase()).not.toBe(lower.toLowerCase());
    paths.reserve('index.html');
    expect(paths.allocate('https://example.com/index.html', 'text/html')).toBe('example.com/index.html');
  });

  it('never makes a path both a file and a folder, whichever comes first', () => {
    const paths = new PathAllocator();
    // A file without an extension that fits (a Tcl script served as bytes), then a page under its name.
    const file = paths.allocate('https://example.com/search', 'application/octet-stream');
    expect(file).toBe('example.com/search');
    const page = paths.allocate('https://example.com/search/', 'text/html');
    const deeper = paths.allocate('https://example.com/Search/a/b.png', 'image/png');
    expect(page).toMatch(/^example\.com\/search-[0-9a-f]{8}\/index\.html$/);
    // Everything the folder holds is in the one renamed folder (relative links between them hold).
    expect(deeper.slice(0, deeper.indexOf('/a/'))).toBe(page.slice(0, page.lastIndexOf('/')).replace('search', 'Search'));
    // A folder first, then a file of its name.
    const inFolder = paths.allocate('https://example.com/docs/intro.html', 'text/html');
    const named = paths.allocate('https://example.com/DOCS', 'application/octet-stream');
    expect(inFolder).toBe('example.com/docs/intro.html');
    expect(named).toMatch(/^example\.com\/DOCS-[0-9a-f]{8}$/);
    const all = [file, page, deeper, inFolder, named].map((path) => path.toLowerCase());
    for (const path of all) for (const other of all) expect(other.startsWith(`${path}/`), `${path} holds ${other}`).toBe(false);
    // A resumed crawl reserves the paths it had and names the folder the same for what comes next.
    const resumed = new PathAllocator();
    resumed.reserve(file, 'https://example.com/search');
    expect(resumed.allocate('https://example.com/search/', 'text/html')).toBe(page);
  });

  it('makes names safe on every file system', () => {
    expect(safeSegment('a<b>c:d"e|f?g*h')).toBe('a_b_c_d_e_f_g_h');
    expect(safeSegment('CON')).toBe('_CON');
    expect(safeSegment('nul.txt')).toBe('_nul.txt');
    expect(safeSegment('name. ')).toBe('name__');
    expect(safeSegment('. .')).toBe('___');
    // Dots and spaces all through a long segment (a hostile URL): linear, not one retry per dot.
    const dotted = `a${' .'.repeat(50_000)}b`;
    expectLinearTime('safeSegment', dotted, () => expect(safeSegment(dotted)).toHaveLength(100));
    expect(safeSegment('x'.repeat(300) + '.png')).toHaveLength(100);
    expect(safeSegment('x'.repeat(300) + '.png').endsWith('.png')).toBe(true);
    const paths = new PathAllocator();
    expect(paths.allocate('https://example.com/a%20b%2Fc.png', 'image/png')).toBe('example.com/a b_c.png');
  });
});

describe('relativeLink', () => {
  it('walks from one archive file to another and escapes reserved characters', () => {
    expect(relativeLink('index.html', 'example.com/css/a.css')).toBe('example.com/css/a.css');
    expect(relativeLink('example.com/css/a.css', 'example.com/img/b.png')).toBe('../img/b.png');
    expect(relativeLink('index.html', 'example.com/a b#c%d,e.png')).toBe('example.com/a%20b%23c%25d%2Ce.png');
  });
});

describe('folderOf', () => {
  it('is the folder a URL\'s file is saved in, as its path is allocated', () => {
    const allocator = new PathAllocator();
    for (const url of ['https://example.com/index.html', 'http://127.0.0.1:8080/docs/api/page.html', 'https://example.com/a%20b/c:d/', 'https://example.com/x//y/z.js']) {
      const path = allocator.allocate(url, 'text/html');
      expect(folderOf(new URL(url)), url).toBe(path.slice(0, path.lastIndexOf('/') + 1));
    }
  });
});
