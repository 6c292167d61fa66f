// What in a script's text says that a static copy of its page would not work from a folder:
// it asks the network and writes what comes into the page, or it loads code or files by an
// address at run time, which from file:// fails (or was never fetched by the static capture).
// Read by `auto` (needs-render.ts for inline scripts, script-fills-page.ts for the site's own files).

// D3's loaders (d3.csv, d3.json…) are fetch() inside the library.
export const ASKS_NETWORK = /\bfetch\s*\(|\bXMLHttpRequest\b|\$\.(?:ajax|get|getJSON|post)\s*\(|\baxios(?:\.\w+)?\s*\(|\.load\s*\(\s*['"`]|\bd3\.(?:csv|tsv|dsv|json|text|xml|html)\s*\(/;
export const WRITES_DOM = /\.(?:innerHTML|outerHTML|textContent|innerText)\s*\+?=|\.(?:insertAdjacentHTML|appendChild|append|prepend|replaceChildren|replaceWith|html|load)\s*\(/;

// An address the script loads that is not online (a site's own file: from a folder, the static
// capture never saw it). Third parties' loaders (analytics snippets) write absolute addresses.
// One computed from another (`${el.src.slice(0, -9)}plus.png`: Sphinx's doctools.js swaps a
// toggle's icon when clicked) names no file of its own: Sphinx's every page was rendered for it.
const OWN_ADDRESS = String.raw`['"\`](?!https?:|//|data:|blob:|about:|javascript:|#|\$\{)[^'"\`\s]`;
const STARTS_WORKER = /\bnew\s+(?:Shared)?Worker\s*\(/;
const RUN_TIME_LOADS: readonly [RegExp, string][] = [
  [STARTS_WORKER, 'starts a worker'],
  [/\bdocument\.write(?:ln)?\s*\(\s*['"`][^'"`]{0,200}<(?:script|link|img|iframe|object|embed)\b/i, 'writes markup that loads files'],
  // Markup whose source is a file of the site's by an address made at run time, Doxygen's
  // `'<img src="'+relpath+'sync_on.png"/>'` (its tree view's and search box's icons): the static
  // capture never sees the file, and from the copy's start page the prefix names another folder.
  [/\bsrc=\\?["']['"]\s*\+\s*[\w$.]+\s*\+\s*['"][^'"<>\s:]{1,200}\.(?:png|gif|jpe?g|svg|webp|ico)\b/i, 'writes markup that loads files'],
  // Or by a folder of the site's it names and a file name from its data, SQLite's home page's
  // sponsors (`"'><img src='images/foreignlogos/"; h += sponsors[i].src;`): neither a static capture
  // nor, from the copy's start page, the folder.
  [/\bsrc=\\?["'](?!https?:|\/\/|data:|blob:)[\w.-][^'"<>\s:]{0,200}\/['"]\s*[+;]/i, 'writes markup that loads files'],
  [new RegExp(String.raw`\.src\s*=\s*${OWN_ADDRESS}|\bsetAttribute\s*\(\s*['"]src['"]\s*,\s*${OWN_ADDRESS}`), 'sets a file of its own as a source'],
  [new RegExp(String.raw`\.rel\s*=\s*['"]stylesheet['"]`), 'adds a stylesheet'],
  [/\bnew\s+FontFace\s*\(/, 'loads a font'],
  // A file beside the module that asks for it (`new Worker(new URL('./worker.js', import.meta.url))`,
  // its data, its WebAssembly): a module's own address, which from the copy names no such file.
  [/\bnew\s+URL\s*\(\s*(['"`])[^'"`\s]{1,200}\1\s*,\s*import\.meta\.url\s*\)/, "loads a file by its module's own address"],
];
// An import() of a written address the static capture maps itself in modules and in a page's
// inline scripts (process-module.ts, process-html.ts), a computed one it cannot; a classic script
// file's import() it does not map at all.
const CLASSIC_IMPORT = /(?<![.\w$])import\s*\(/;
const COMPUTED_IMPORT = /(?<![.\w$])import\s*\(\s*(?!(['"])[^'"\n]*\1\s*[,)])/;
// Pagefind's own import of its module, by the bundle's folder (`import(\`${base}pagefind.js\`)`, in
// its default UI and in the themes that call it): a static copy answers it (capture/pagefind.ts).
const PAGEFIND_IMPORT = /(?<![.\w$])import\s*\(\s*[`'"][^`'"\n]{0,200}\/?pagefind\.js[`'"]\s*\)/g;

/** The script's text without Pagefind's imports of its module. */
function withoutPagefindImports(code: string): string {
  return code.includes('pagefind.js') ? code.replace(PAGEFIND_IMPORT, '') : code;
}

/**
 * What the script loads at run time that a static copy would miss, or undefined. `workers:
 * false` leaves a worker out (see startsWorker).
 */
export function runTimeLoad(code: string, importsMapped: boolean, { workers = true } = {}): string | undefined {
  if ((importsMapped ? COMPUTED_IMPORT : CLASSIC_IMPORT).test(withoutPagefindImports(code))) return 'imports a module at run time';
  for (const [pattern, what] of RUN_TIME_LOADS) if ((workers || pattern !== STARTS_WORKER) && pattern.test(code)) return what;
  return undefined;
}

/**
 * Whether the script starts a worker. A site's shared script may start one only for its search
 * (MkDocs's `search/main.js` does on every page, the results shown once someone types), so in a
 * script file it counts as a computed fetch does: on a page that leaves an element it names empty.
 */
export function startsWorker(code: string): boolean {
  return STARTS_WORKER.test(code);
}

// From file:// every page is an origin of its own: a page's script cannot reach into its frame's
// document, and a message it posts to its frame's origin goes nowhere. (Not `contentDocument`:
// jQuery's `.contents()` reads it in every copy of the library; and libraries post to the video
// players they embed, so this counts only on a page with a frame of its own site.)
const TALKS_TO_FRAME = /\.contentWindow\s*\.\s*(?:postMessage\s*\(|document\b)/;

export function talksToFrame(code: string): boolean {
  return TALKS_TO_FRAME.test(code);
}

// What a script does with an answer it asked for: it reads its body (`r.json()`, `.text()`, an
// XHR's `responseText`; jQuery's and D3's loaders hand it over), which a beacon never does.
const READS_ANSWER = /\.(?:json|text|arrayBuffer|blob)\s*\(\s*\)|\.response(?:Text|XML)?\b|\$\.getJSON\s*\(|\bd3\.(?:csv|tsv|dsv|json|text|xml|html)\s*\(/;

/**
 * Whether the script asks the network and reads the answer. In a page's own inline script that
 * is run-time content however it reaches the page: through the DOM, or a library's API (an
 * editor's `setValue`, a chart's data, a map's layer), which no DOM write in the page shows.
 */
export function readsFromNetwork(code: string): boolean {
  return ASKS_NETWORK.test(code) && READS_ANSWER.test(code);
}

/** Whether the script asks the network and writes the DOM: it fills part of its page once loaded. */
export function fillsFromNetwork(code: string): boolean {
  return ASKS_NETWORK.test(code) && WRITES_DOM.test(code);
}

/**
 * Put right after a string's opening quote: the string does not name an index of the site — its
 * search index, asked for when someone searches, or its sitemap, which Material for MkDocs's
 * bundle reads for instant navigation on a click: a site's shared script naming one would have
 * every page rendered.
 */
export const NOT_SITE_INDEX = String.raw`(?![^'"\`]{0,200}(?:search|sitemap))`;

/** The names a data file ends in (a script asks for it: no markup loads it). */
export const DATA_EXTENSION = '(?:json|csv|tsv|xml|geojson|topojson|pdf|wasm|glb|gltf|ya?ml)';

/**
 * A `data-` attribute whose name says it holds an address to load (`data-url`, `data-src`,
 * Stimulus's `data-tabs-url-param`) naming a fragment of markup or text of the site's own, its
 * value the first group: a tab's content a controller fetches when the tab is clicked (a
 * hold-out's Stimulus tabs said "Failed to fetch" offline). Not `data-href`, a link to a page.
 */
export const FRAGMENT_ADDRESS_ATTRIBUTE = String.raw`\sdata-[\w-]*?(?:url|src|path|partial|fragment|template)(?:-param)?\s*=\s*["']?((?!https?:|\/\/|data:|blob:|#)[^"'\s<>]{0,200}\.(?:html?|txt|md|markdown)(?:[?#][^"'\s<>]{0,200})?)["'\s>]`;

/**
 * A data file of the site's own passed by its address (`getDocument({ url: './doc.pdf' })`,
 * DataTables' `ajax: 'data/staff.json'`, `d3.csv('data/x.csv')`): whatever library asks for it,
 * it does so at run time, and from a folder that request fails. Not an index of the site
 * (NOT_SITE_INDEX), nor an address made against a base (`new URL('../versions.json', base)`:
 * Material for MkDocs's version menu, which a site without versions answers with a 404).
 */
const DATA_FILE_ARGUMENT = new RegExp(
  String.raw`(?:(?<!\bURL\s*)\(|[,:])\s*(['"\`])(?!https?:|\/\/|data:|blob:)${NOT_SITE_INDEX}[^'"\`\s<>]{0,200}\.${DATA_EXTENSION}(?:[?#][^'"\`\s<>]{0,200})?\1`,
  'i',
);

export function loadsDataFile(code: string): boolean {
  return DATA_FILE_ARGUMENT.test(code);
}

/** The addresses of the data files `code` passes so (see DATA_FILE_ARGUMENT), in order. */
export function dataFileArguments(code: string): string[] {
  const all = new RegExp(DATA_FILE_ARGUMENT.source, 'gi');
  return [...code.matchAll(all)].map((match) => match[0].slice(match[0].indexOf(match[1]!) + 1, -1));
}

/**
 * A script file of the site's own passed by its address to a call, a loader's (Sphinx's search
 * page: `Search.loadIndex("searchindex.js")`, which adds the script; `$.getScript('js/x.js')`,
 * `require(['app.js'])`): no markup names it, so a static copy lacks it, and from a folder the
 * page waits for it for ever. Not an `import()` of a written address (the static capture maps it),
 * a service worker's registration, a worker's imports or an address made against a base.
 */
const SCRIPT_FILE_ARGUMENT = new RegExp(
  String.raw`(?<!\b(?:register|importScripts|import|URL)\s*)\(\s*\[?\s*(['"\`])(?!https?:|\/\/|data:|blob:)[^'"\`\s<>]{1,200}\.m?js(?:\?[^'"\`\s<>]{0,200})?\1`,
  'i',
);

export function loadsScriptFile(code: string): boolean {
  return SCRIPT_FILE_ARGUMENT.test(code);
}
