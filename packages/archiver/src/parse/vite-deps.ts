// The files a Vite build's chunks load beside a lazy import: Vite (5.1 and later) lists them once
// per chunk, `const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/a.js","assets/a.css"])))=>…`,
// and its preload helper adds each, by the site's base, before the import it preloads for.

const DEP_LIST = /\b__vite__mapDeps\s*=\s*\([^)]*?\bm\.f\s*\|\|\s*\(\s*m\.f\s*=\s*(\[[^\]]*\])/;

/** The paths (relative to the site's base) in a module's Vite dependency list; none when it has none. */
export function findViteDeps(code: string): string[] {
  const list = DEP_LIST.exec(code)?.[1];
  if (!list) return [];
  try {
    const deps: unknown = JSON.parse(list);
    return Array.isArray(deps) ? deps.filter((dep): dep is string => typeof dep === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * A dependency's address, for a module at `moduleUrl`: Vite writes `assets/a.css` relative to the
 * base its chunks are in (`/app/` for `/app/assets/index.js`). Undefined when the module is not
 * under the dependency's first folder, where the base cannot be told.
 */
export function viteDepUrl(dep: string, moduleUrl: string): string | undefined {
  const folder = /^([^/?#]+\/)/.exec(dep)?.[1];
  if (!folder || dep.startsWith('.') || /^[a-z][a-z0-9+.-]*:/i.test(dep)) return undefined;
  const url = new URL(moduleUrl);
  const at = url.pathname.lastIndexOf(`/${folder}`);
  if (at < 0) return undefined;
  return new URL(dep, `${url.origin}${url.pathname.slice(0, at + 1)}`).href;
}
