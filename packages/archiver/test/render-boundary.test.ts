import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Render mode is loaded on demand: the static path (and so the CLI's start-up) never imports
// playwright-core or anything under src/render/ statically; `await import('./render/index.js')`
// and type-only imports are fine.
const SRC = new URL('../src/', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Static imports and re-exports that load code (not `import type`/`export type`). */
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)[^;]*?\bfrom\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;

describe('render mode stays out of the static path', () => {
  it('no module outside src/render imports it or playwright-core statically', () => {
    const offenders: string[] = [];
    for (const file of sources(SRC)) {
      const name = relative(SRC, file);
      if (name.startsWith('render/')) continue;
      for (const match of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
        const specifier = match[1] ?? match[2] ?? '';
        if (specifier.startsWith('playwright') || /(^|\/)render\//.test(specifier)) offenders.push(`${name}: ${specifier}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('inside src/render, playwright-core is loaded on first use (render/playwright.ts) or as types only', () => {
    const eager = sources(join(SRC, 'render')).filter((file) =>
      [...readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)].some((match) => (match[1] ?? match[2] ?? '').startsWith('playwright')),
    );
    expect(eager.map((file) => relative(SRC, file))).toEqual([]);
  });
});
