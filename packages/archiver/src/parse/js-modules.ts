import { init, parse, type ImportSpecifier } from 'es-module-lexer';

/** The lexer is WebAssembly: await this once before calling the functions below. */
export const moduleLexerReady: Promise<void> = init;

const IMPORT_META = 3;

function lex(code: string): readonly ImportSpecifier[] {
  try {
    return parse(code)[0];
  } catch {
    // Not parseable as a module (a syntax error, or not JavaScript at all): nothing to follow.
    return [];
  }
}

/** Module specifiers a module imports: static imports, re-exports and literal `import()`. */
export function findModuleImports(code: string): string[] {
  return lex(code).flatMap((i) => (i.t !== IMPORT_META && i.n !== undefined ? [i.n] : []));
}

export interface RewriteModuleOptions {
  /** New specifier for an import; `undefined` leaves it. */
  map: (specifier: string) => string | undefined;
  /** A JavaScript expression that replaces `import.meta.url`. */
  importMetaUrl?: string;
}

/** Replaces import specifiers (and `import.meta.url`), leaving every other byte as it was. */
export function rewriteModule(code: string, options: RewriteModuleOptions): string {
  let out = '';
  let last = 0;
  for (const i of lex(code)) {
    if (i.t === IMPORT_META) {
      const isUrl = /^\.url(?![\w$])/.test(code.slice(i.e, i.e + 5));
      if (!isUrl || options.importMetaUrl === undefined) continue;
      out += `${code.slice(last, i.s)}(${options.importMetaUrl})`;
      last = i.e + 4;
      continue;
    }
    if (i.n === undefined) continue;
    const next = options.map(i.n);
    if (next === undefined) continue;
    // Static specifiers are located inside their quotes, dynamic ones (`import()`, and
    // `import.source()` or `import.defer()` too) with them. Inside quotes of either kind, both escaped.
    const text = i.d >= 0 ? JSON.stringify(next) : JSON.stringify(next).slice(1, -1).replace(/'/g, "\\'");
    out += code.slice(last, i.s) + text;
    last = i.e;
  }
  return out + code.slice(last);
}

/**
 * A script cut around its import specifiers, for code that links modules only at run time (the
 * live copy's workers, whose modules become blob: URLs): even entries are code, odd entries the
 * absolute URL an import asks for, cut out with its quotes (a static import's and a literal
 * `import()`'s alike), so that any quoted specifier can go in its place. Only the specifiers
 * `resolve` answers are cut; `import.meta.url` becomes `importMetaUrl` when given.
 */
export function splitModuleImports(
  code: string,
  options: { resolve: (specifier: string) => string | undefined; importMetaUrl?: string },
): string[] {
  const parts: string[] = [];
  let pending = '';
  let last = 0;
  for (const i of lex(code)) {
    if (i.t === IMPORT_META) {
      const isUrl = /^\.url(?![\w$])/.test(code.slice(i.e, i.e + 5));
      if (!isUrl || options.importMetaUrl === undefined) continue;
      pending += `${code.slice(last, i.s)}(${options.importMetaUrl})`;
      last = i.e + 4;
      continue;
    }
    const url = i.n === undefined ? undefined : options.resolve(i.n);
    if (url === undefined) continue;
    // A static specifier is located inside its quotes, a dynamic one with them.
    const [start, end] = i.d >= 0 ? [i.s, i.e] : [i.s - 1, i.e + 1];
    parts.push(pending + code.slice(last, start), url);
    pending = '';
    last = end;
  }
  parts.push(pending + code.slice(last));
  return parts;
}
