import { describe, expect, it } from 'vitest';
import { refreshTarget } from './meta-refresh.js';

const BASE = 'https://example.com/project/';

describe('refreshTarget', () => {
  it.each([
    ['<meta http-equiv="refresh" content="0; url=docs/">', 'https://example.com/project/docs/'],
    ["<META HTTP-EQUIV='Refresh' CONTENT='0;URL=/en/index.html'>", 'https://example.com/en/index.html'],
    ['<meta content="1; url=\'latest/\'" http-equiv="refresh">', 'https://example.com/project/latest/'],
    ['<meta http-equiv=refresh content=0;url=https://other.example/>', 'https://other.example/'],
    ['<meta http-equiv="refresh" content="0, stable/?a=1&amp;b=2#top">', 'https://example.com/project/stable/?a=1&b=2'],
  ])('follows %s', (html, target) => {
    expect(refreshTarget(`<!doctype html><title>Redirecting</title>${html}<p>Redirecting…</p>`, BASE)).toBe(target);
  });

  it.each([
    ['a page that reloads itself', '<meta http-equiv="refresh" content="30">'],
    ['a refresh that waits', '<meta http-equiv="refresh" content="10; url=next.html">'],
    ['a refresh to itself', '<meta http-equiv="refresh" content="0; url=./#top">'],
    ['another scheme', '<meta http-equiv="refresh" content="0; url=javascript:alert(1)">'],
    ['an unreadable value', '<meta http-equiv="refresh" content="soon">'],
    ['another http-equiv', '<meta http-equiv="content-type" content="0; url=x.html">'],
  ])('leaves %s', (_, html) => {
    expect(refreshTarget(`<title>x</title>${html}`, BASE)).toBeUndefined();
  });
});
