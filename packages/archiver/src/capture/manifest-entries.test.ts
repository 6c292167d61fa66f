import { describe, expect, it } from 'vitest';
import { ManifestEntries } from './manifest-entries.js';

describe('ManifestEntries', () => {
  it('keeps entries in the order they were made, keyed or not, a replaced one in its place', () => {
    const entries = new ManifestEntries();
    entries.set('https://a.test/', { url: 'https://a.test/' });
    entries.add({ url: 'https://a.test/p/1' });
    entries.set('https://a.test/x.png', { url: 'https://a.test/x.png' });
    entries.set('https://a.test/', { url: 'https://a.test/', status: 200 });
    expect([...entries.values()]).toEqual([{ url: 'https://a.test/', status: 200 }, { url: 'https://a.test/p/1' }, { url: 'https://a.test/x.png' }]);
    expect(entries.get('https://a.test/x.png')).toEqual({ url: 'https://a.test/x.png' });
    expect(entries.get('https://a.test/p/1')).toBeUndefined();
  });

  it('forgets an entry by its key, leaving the others in their order', () => {
    const entries = new ManifestEntries();
    entries.set('https://a.test/', { url: 'https://a.test/' });
    entries.set('https://a.test/guess.js', { url: 'https://a.test/guess.js' });
    entries.set('https://a.test/x.png', { url: 'https://a.test/x.png' });
    entries.forget('https://a.test/guess.js');
    entries.forget('https://a.test/never.js');
    expect([...entries.values()]).toEqual([{ url: 'https://a.test/' }, { url: 'https://a.test/x.png' }]);
    expect(entries.get('https://a.test/guess.js')).toBeUndefined();
  });
});
