/** The `imports` of a page's import map, keys and values resolved as the HTML spec does. */
export type ImportMap = ReadonlyMap<string, string>;

function isUrlLike(specifier: string): boolean {
  return /^(\/|\.\.?\/)/.test(specifier) || URL.canParse(specifier);
}

/** Reads `<script type="importmap">` text; broken JSON gives an empty map, as in browsers. */
export function parseImportMap(text: string, baseUrl: string): Map<string, string> {
  const out = new Map<string, string>();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return out;
  }
  const imports = (parsed as { imports?: unknown })?.imports;
  if (!imports || typeof imports !== 'object') return out;
  for (const [key, value] of Object.entries(imports as Record<string, unknown>)) {
    if (typeof value !== 'string' || !URL.canParse(value, baseUrl)) continue;
    const normalizedKey = isUrlLike(key) && URL.canParse(key, baseUrl) ? new URL(key, baseUrl).href : key;
    out.set(normalizedKey, new URL(value, baseUrl).href);
  }
  return out;
}

/**
 * The absolute URL a module specifier loads from `parentUrl`: URL-like specifiers resolve
 * against the parent, then the import map applies (exact key, else longest `/`-ending prefix).
 * Undefined for a bare specifier the map does not know.
 */
export function resolveSpecifier(specifier: string, parentUrl: string, map: ImportMap): string | undefined {
  const asUrl = isUrlLike(specifier) && URL.canParse(specifier, parentUrl) ? new URL(specifier, parentUrl).href : undefined;
  const key = asUrl ?? specifier;
  const exact = map.get(key);
  if (exact) return exact;
  let best: string | undefined;
  for (const prefix of map.keys()) {
    if (prefix.endsWith('/') && key.startsWith(prefix) && (!best || prefix.length > best.length)) best = prefix;
  }
  if (best) return new URL(key.slice(best.length), map.get(best)).href;
  return asUrl;
}
