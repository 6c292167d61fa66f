import { init, parse } from 'es-module-lexer';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { anyText, grow, jsModule, mutated, runs, type Shape } from '../../test/support/fuzz-inputs.js';
import { SEED_JS } from '../../test/support/fuzz-seeds.js';
import { expectLinearTime } from '../../test/support/time-budget.js';
import { moduleImports, moduleLexerReady, rewriteModule } from './js-modules.js';

beforeAll(() => Promise.all([moduleLexerReady, init]));

const modules = fc.oneof(anyText, jsModule, jsModule, mutated(SEED_JS));
/** Supplementary private use: never in the generated input, and nothing JSON escapes. */
const MARK = '\u{F0000}';
const marker = (i: number) => `${MARK}${i}${MARK}`;
const lexed = (code: string) => {
  try {
    return parse(code)[0];
  } catch {
    return [];
  }
};

describe('module import rewriting, fuzzed', () => {
  it('never throws', () => {
    fc.assert(
      fc.property(modules, (code) => {
        moduleImports(code);
        rewriteModule(code, { map: (s) => `x/${s}`, importMetaUrl: 'document.baseURI' });
      }),
      { numRuns: runs(300) },
    );
  });

  it('changes nothing when map returns undefined and import.meta.url is kept', () => {
    fc.assert(
      fc.property(modules, (code) => {
        expect(rewriteModule(code, { map: () => undefined })).toBe(code);
      }),
      { numRuns: runs(300) },
    );
  });

  it('replaces exactly the specifiers the lexer locates, and import.meta.url', () => {
    fc.assert(
      fc.property(modules, (code) => {
        fc.pre(!code.includes(MARK));
        let expected = '';
        let pos = 0;
        let count = 0;
        for (const i of lexed(code)) {
          const meta = i.t === 3;
          if (meta ? code.slice(i.e, i.e + 4) !== '.url' || /[\w$]/.test(code[i.e + 4] ?? '') : i.n === undefined) continue;
          // Static specifiers are located inside their quotes, dynamic ones with them.
          const text = meta ? '(META)' : i.d >= 0 ? `"${marker(count++)}"` : marker(count++);
          expected += code.slice(pos, i.s) + text;
          pos = meta ? i.e + 4 : i.e;
        }
        expected += code.slice(pos);
        let calls = 0;
        expect(rewriteModule(code, { map: () => marker(calls++), importMetaUrl: 'META' })).toBe(expected);
      }),
      { numRuns: runs(300) },
    );
  });

  it('writes specifiers that read back as written, whatever characters they hold', () => {
    const special = fc.constantFrom('"', "'", '`', '\\', '\n', '\u2028', '${', '*/');
    const prefix = fc.string({ unit: fc.oneof(fc.string({ unit: 'binary', maxLength: 1 }), special), maxLength: 6 });
    fc.assert(
      fc.property(modules, prefix, (code, extra) => {
        const before = moduleImports(code);
        expect(moduleImports(rewriteModule(code, { map: (s) => extra + s }))).toEqual(before.map((i) => ({ ...i, specifier: extra + i.specifier })));
      }),
      { numRuns: runs(300) },
    );
  });
});

const SHAPES: Shape[] = [
  { name: 'many imports', prefix: '', unit: 'import "./a.js";\n', suffix: '' },
  { name: 'many dynamic imports', prefix: '', unit: 'import("./a.js");', suffix: '' },
  { name: 'open braces', prefix: '', unit: '{', suffix: 'import "./a.js"' },
  { name: 'open template literals', prefix: '', unit: '`${', suffix: '' },
  { name: 'slashes', prefix: '', unit: '/', suffix: '' },
  { name: 'import.meta.url', prefix: '', unit: 'import.meta.url;', suffix: '' },
];
const SIZE = 200_000;

describe('module import rewriting time', () => {
  it.each(SHAPES)('is linear for $name', (shape) => {
    const code = grow(shape, SIZE);
    expectLinearTime('moduleImports', code, () => moduleImports(code));
    expectLinearTime('rewriteModule', code, () => rewriteModule(code, { map: (s) => `x/${s}`, importMetaUrl: 'u' }));
  });
});
