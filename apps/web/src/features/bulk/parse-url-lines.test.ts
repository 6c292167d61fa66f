import { describe, expect, it } from 'vitest';
import { parseUrlLines } from './parse-url-lines';

describe('parseUrlLines', () => {
  it('reads one URL a line, skipping blank lines', () => {
    expect(parseUrlLines(' a.com \r\n\n  \nhttps://b.org/x\n')).toEqual(['a.com', 'https://b.org/x']);
    expect(parseUrlLines('')).toEqual([]);
  });
});
