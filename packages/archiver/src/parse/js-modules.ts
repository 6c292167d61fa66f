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

/** A specifier a module imports, and whether only by `import()` (loaded when the code runs there). */
export interface ModuleImport {
  specifier: string;
  dynamic: boolean;
}

/** What a module imports, each specifier once: static imports, re-exports and literal `import()`. */
export function moduleImports(code: string): ModuleImport[] {
  return eachOnce(lex(code).flatMap((i) => (i.t !== IMPORT_META && i.n !== undefined ? [{ specifier: i.n, dynamic: i.d >= 0 }] : [])));
}

/** Each specifier once; imported statically anywhere, it is static. */
export function eachOnce(imports: Iterable<ModuleImport>): ModuleImport[] {
  const once = new Map<string, boolean>();
  for (const { specifier, dynamic } of imports) once.set(specifier, (once.get(specifier) ?? true) && dynamic);
  return [...once].map(([specifier, dynamic]) => ({ specifier, dynamic }));
}

export interface RewriteModuleOptions {
  /** New specifier for an import; `undefined` leaves it. */
  map: (specifier: string) => string | undefined;
  /**
   * A JavaScript expression that replaces `import.meta.url`; `import.meta.resolve` then resolves
   * what it cannot (a relative or root-relative specifier, from a data: or blob: module) against it.
   */
  importMetaUrl?: string;
  /** A JavaScript function expression that an `import()` of a computed specifier passes it through. */
  computedImport?: string;
}

/**
 * What rewriting touches, in order: each `import.meta.url` and `import.meta.resolve`, and each
 * specifier, located inside its quotes when static, with them when dynamic (`import()`, and
 * `import.source()` or `import.defer()` too).
 */
type Reference =
  | { kind: 'meta' | 'resolve'; start: number; end: number }
  | { kind: 'import'; specifier: string; start: number; end: number; dynamic: boolean }
  | { kind: 'computed'; start: number; end: number };

function references(code: string): Reference[] {
  return lex(code).flatMap((i): Reference[] => {
    if (i.t === IMPORT_META) {
      const after = code.slice(i.e, i.e + 9);
      if (/^\.url(?![\w$])/.test(after)) return [{ kind: 'meta', start: i.s, end: i.e + 4 }];
      return /^\.resolve(?![\w$])/.test(after) ? [{ kind: 'resolve', start: i.s, end: i.e + 8 }] : [];
    }
    if (i.n !== undefined) return [{ kind: 'import', specifier: i.n, start: i.s, end: i.e, dynamic: i.d >= 0 }];
    return i.d >= 0 && i.e > i.s ? [{ kind: 'computed', start: i.s, end: i.e }] : [];
  });
}

/** Replaces import specifiers (and `import.meta.url`), leaving every other byte as it was. */
export function rewriteModule(code: string, options: RewriteModuleOptions): string {
  let out = '';
  let last = 0;
  for (const ref of references(code)) {
    const text =
      ref.kind === 'import'
        ? quoted(options.map(ref.specifier), ref.dynamic)
        : ref.kind === 'computed'
          ? options.computedImport && `${options.computedImport}(${code.slice(ref.start, ref.end)})`
          : metaText(ref.kind, options.importMetaUrl);
    if (text === undefined) continue;
    out += code.slice(last, ref.start) + text;
    last = ref.end;
  }
  return out + code.slice(last);
}

// A module the copy runs from a data: or blob: URL has no hierarchical address: its
// `import.meta.resolve('./x.js')` or `('/assets/x.css')` throws (Vite 8's preload helper resolves
// a lazy chunk's stylesheets so), where online it gives the file beside the module. Bare
// specifiers (the import map) and absolute URLs still go to the browser's own.
function metaText(kind: 'meta' | 'resolve', importMetaUrl: string | undefined): string | undefined {
  if (importMetaUrl === undefined) return undefined;
  if (kind === 'meta') return `(${importMetaUrl})`;
  return `((s)=>{try{return import.meta.resolve(s)}catch(e){return new URL(s,${importMetaUrl}).href}})`;
}

// Inside quotes of either kind, both escaped.
function quoted(specifier: string | undefined, dynamic: boolean): string | undefined {
  if (specifier === undefined) return undefined;
  return dynamic ? JSON.stringify(specifier) : JSON.stringify(specifier).slice(1, -1).replace(/'/g, "\\'");
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
  for (const ref of references(code)) {
    if (ref.kind === 'computed') continue;
    if (ref.kind !== 'import') {
      const meta = metaText(ref.kind, options.importMetaUrl);
      if (meta === undefined) continue;
      pending += code.slice(last, ref.start) + meta;
      last = ref.end;
      continue;
    }
    const url = options.resolve(ref.specifier);
    if (url === undefined) continue;
    const [start, end] = ref.dynamic ? [ref.start, ref.end] : [ref.start - 1, ref.end + 1];
    parts.push(pending + code.slice(last, start), url);
    pending = '';
    last = end;
  }
  parts.push(pending + code.slice(last));
  return parts;
}
