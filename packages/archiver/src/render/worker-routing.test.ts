import { describe, expect, it } from 'vitest';
import { unmarkWorker, withWorkerPrologue } from './worker-routing.js';

describe('unmarkWorker', () => {
  it('takes off the mark the page put at the end of a worker script’s query, and nothing else', () => {
    expect(unmarkWorker('https://a.test/w.js?sitezip-worker=shared')).toEqual({ url: 'https://a.test/w.js', kind: 'shared' });
    expect(unmarkWorker('https://a.test/w.js?v=2&sitezip-worker=dedicated')).toEqual({ url: 'https://a.test/w.js?v=2', kind: 'dedicated' });
    expect(unmarkWorker('https://a.test/w.js?sitezip-worker=dedicated&v=2')).toEqual({ url: 'https://a.test/w.js?sitezip-worker=dedicated&v=2', kind: undefined });
    expect(unmarkWorker('https://a.test/w.js?sitezip-worker=other')).toEqual({ url: 'https://a.test/w.js?sitezip-worker=other', kind: undefined });
  });
});

describe('withWorkerPrologue', () => {
  it('puts the prologue first, after a strict script’s directive is repeated so it stays strict', () => {
    const sloppy = withWorkerPrologue(Buffer.from('x = 1;'), 'dedicated').toString();
    expect(sloppy.startsWith(';(function (scope, kind)')).toBe(true);
    expect(sloppy.endsWith('(self, "dedicated");\nx = 1;')).toBe(true);
    const strict = withWorkerPrologue(Buffer.from('/* lib */\n"use strict";\nx = 1;'), 'shared').toString();
    expect(strict.startsWith("'use strict';;(function (scope, kind)")).toBe(true);
    expect(strict.endsWith('(self, "shared");\n/* lib */\n"use strict";\nx = 1;')).toBe(true);
  });
});
