import { describe, expect, it } from 'vitest';
import { liveScript, liveScriptCode, prepareLiveScript, scriptsRewrittenOffThread } from './live-script.js';

// A bundle-sized script that reads the page's address: worth the thread.
const filler = Array.from({ length: 1500 }, (_, i) => `function step${i}(a) { return a + ${i}; }`).join('\n');
const script = `${filler}\nconst here = window.location.pathname;\nexport const page = document.URL;\n`;

describe('live scripts rewritten during the render', () => {
  it('gives the copy what the thread made of a prepared script, the same as made in place', async () => {
    const before = scriptsRewrittenOffThread();
    prepareLiveScript(script, true);
    const code = await liveScript(script, true);
    expect(scriptsRewrittenOffThread()).toBe(before + 1);
    expect(code).toBe(liveScriptCode(script, true));
    expect(code).toContain('__SITEZIP_LOCATION__');
  });

  it('rewrites in place a script not prepared, or prepared under the other goal', async () => {
    const before = scriptsRewrittenOffThread();
    prepareLiveScript(script, true);
    const classic = `${filler}\nvar here = location.href;\n`;
    expect(await liveScript(classic, false)).toBe(liveScriptCode(classic, false));
    // The module's entry is still waiting; taken, it comes from the thread.
    expect(await liveScript(script, true)).toBe(liveScriptCode(script, true));
    expect(scriptsRewrittenOffThread()).toBe(before + 1);
  });

  it('sends no small script, nor one that never reads the address, to the thread', async () => {
    const before = scriptsRewrittenOffThread();
    const small = 'const here = location.href;';
    const silent = `${filler}\nexport const x = 1;\n`;
    prepareLiveScript(small, false);
    prepareLiveScript(silent, true);
    expect(await liveScript(small, false)).toContain('__SITEZIP_LOCATION__');
    expect(await liveScript(silent, true)).toBe(silent);
    expect(scriptsRewrittenOffThread()).toBe(before);
  });

  it('sends no more than 16 M characters to the thread at once: the rest is rewritten when asked for', async () => {
    const before = scriptsRewrittenOffThread();
    // Twenty scripts of 1 M characters each (a comment is quick to parse).
    const scripts = Array.from({ length: 20 }, (_, i) => `/* ${String(i).repeat(1024 * 1024)} */ var here = location.href;`);
    for (const code of scripts) prepareLiveScript(code, false);
    const codes = await Promise.all(scripts.map((code) => liveScript(code, false)));
    for (const code of codes) expect(code).toContain('__SITEZIP_LOCATION__');
    const sent = scriptsRewrittenOffThread() - before;
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThanOrEqual(16);
  });
});
