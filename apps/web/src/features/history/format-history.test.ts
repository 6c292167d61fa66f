import { describe, expect, it } from 'vitest';
import { expiryLabel, formatSize } from './format-history';

describe('history formatting', () => {
  it('writes sizes in binary units', () => {
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(5 * 1024 * 1024)).toBe('5.0 MB');
  });

  it('says how long a file has left, and when it is gone', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(expiryLabel('2026-01-01T00:30:00Z', false, now)).toBe('Expires in 30 min');
    expect(expiryLabel('2026-01-01T05:00:00Z', false, now)).toBe('Expires in 5 h');
    expect(expiryLabel('2025-12-31T23:00:00Z', false, now)).toBe('Expired');
    expect(expiryLabel(null, true, now)).toBe('Expired');
    expect(expiryLabel(null, false, now)).toBeNull();
  });
});
