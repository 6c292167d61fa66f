import { describe, expect, it } from 'vitest';
import { clearRunningDownload, loadRunningDownload, saveRunningDownload } from './running-download';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

describe('running download in sessionStorage', () => {
  it('keeps one running download per place until cleared', () => {
    const storage = memoryStorage();
    const running = { jobId: 'j1', cancelToken: 't1', startedAt: 123 };
    saveRunningDownload(storage, 'landing', running);
    expect(loadRunningDownload(storage, 'landing')).toEqual(running);
    expect(loadRunningDownload(storage, 'dashboard')).toBeNull();
    clearRunningDownload(storage, 'landing');
    expect(loadRunningDownload(storage, 'landing')).toBeNull();
  });

  it('drops entries it cannot read', () => {
    const storage = memoryStorage();
    for (const broken of ['{', '{"jobId":1}', 'null', '"x"']) {
      storage.setItem('sitezip.running-download.landing', broken);
      expect(loadRunningDownload(storage, 'landing')).toBeNull();
      expect(storage.length).toBe(0);
    }
  });
});
