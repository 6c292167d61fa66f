import { createRequire } from 'node:module';
import type * as Meriyah from 'meriyah';

// A router that reads the page's address from `location` (VitePress's `location.href`,
// Docusaurus's history, most hand-written routers) matches no route from file://, where it is
// the file's path; `location` itself cannot be changed. A live copy's scripts read it through
// the replay layer's address instead (replay-location.ts), the way web archives' rewriters do:
// each read of `location` or `w.location` (`window.`, any other name, `this.`) as a value
// becomes `(L===globalThis.location&&globalThis.__SITEZIP_LOCATION__||L)`. The test is at run
// time, so a variable of the script's own named `location` (a parameter, a URL it keeps) or a
// router's location object is read as before, and so is everything without the layer (a worker, a static copy). Writes
// (`location.href = …`, `location.hash = …`) and navigation calls stay on the real `location`.
// `document.URL` and `document.documentURI` give the same address: SvelteKit reloads the page
// when `document.URL !== location.href`. A navigation by address (`location.href = a`,
// `location = a`, `location.assign(a)`, `location.replace(a)`) passes `a` through the layer
// first, when the target is the real `location`: a page the copy has is its local copy
// (`__SITEZIP_NAVIGATION__`, replay-location.ts).

const NAVIGATIONS = new Set(['assign', 'replace', 'reload']);
/** What a script that reads the address has somewhere (a string or a key may match too): meriyah reads about 4 to 7 MB a second here. */
const MAY_READ_ADDRESS = /\blocation\b|\bdocument\s*\.\s*(?:URL|documentURI)\b/;
const ADDRESS_WORDS = new RegExp(MAY_READ_ADDRESS.source, 'g');
/** Scripts larger than this are kept as they are: the parser's tree is 10 to 15 times the text, held at once. */
const MAX_SCRIPT_CHARS = 5 * 1024 * 1024;

type AnyNode = { type: string; start: number; end: number } & Record<string, unknown>;

interface Visit {
  node: AnyNode;
  parent: AnyNode | undefined;
  key: string;
  grandparent: AnyNode | undefined;
}

function isNode(value: unknown): value is AnyNode {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

function isName(node: unknown, name: string): boolean {
  return isNode(node) && node.type === 'Identifier' && node.name === name;
}

/** A name, `this`, or up to `depth` named members of one (`window.top`, `this.props`). */
function isNamesOnly(node: AnyNode, depth: number): boolean {
  if (node.type === 'Identifier' || node.type === 'ThisExpression') return true;
  return depth > 1 && node.type === 'MemberExpression' && !node.computed && isNode(node.object) && isNamesOnly(node.object, depth - 1);
}

/**
 * What an expression is of the page's address: its Location (`location`, `window.location` and
 * kin), its URL as text (`document.URL`, `document.documentURI`), or neither.
 */
function addressKind(node: AnyNode): 'location' | 'url' | undefined {
  if (isName(node, 'location')) return 'location';
  if (node.type !== 'MemberExpression' || node.computed || !isNode(node.object)) return undefined;
  // `w.location` of any name or `this` (swagger-ui keeps the window as `ct`), `window.top.location`,
  // `this.props.location`: the test at run time leaves a router's own location object be. The
  // object is read twice, so it is a chain of names only (no call, no computed key).
  if (isName(node.property, 'location') && isNamesOnly(node.object, 3)) return 'location';
  if (isName(node.object, 'document') && (isName(node.property, 'URL') || isName(node.property, 'documentURI'))) return 'url';
  return undefined;
}

/**
 * The Location a navigation goes through, when `node` navigates by an address: `[location, the
 * address]` for `L = a`, `L.href = a`, `L.assign(a)` and `L.replace(a)`.
 */
function navigation(node: AnyNode): [AnyNode, AnyNode] | undefined {
  if (node.type === 'AssignmentExpression' && node.operator === '=' && isNode(node.left) && isNode(node.right)) {
    const target = node.left;
    if (addressKind(target) === 'location') return [target, node.right];
    const ofHref = target.type === 'MemberExpression' && !target.computed && isName(target.property, 'href') && isNode(target.object);
    return ofHref && addressKind(target.object as AnyNode) === 'location' ? [target.object as AnyNode, node.right] : undefined;
  }
  if (node.type !== 'CallExpression' || !isNode(node.callee) || node.callee.type !== 'MemberExpression' || node.callee.computed) return undefined;
  const { object, property } = node.callee;
  const [address] = node.arguments as unknown[];
  const assigns = isName(property, 'assign') || isName(property, 'replace');
  return assigns && isNode(object) && addressKind(object) === 'location' && isNode(address) && address.type !== 'SpreadElement' ? [object, address] : undefined;
}

/**
 * What a destructuring takes `location` out of, when it is a chain of names (`const { location } =
 * window`, `({ location: l } = self)`): the window or document it may be, checked at run time.
 */
function locationTakenFrom(node: AnyNode): AnyNode | undefined {
  const [pattern, from] =
    node.type === 'VariableDeclarator' ? [node.id, node.init] : node.type === 'AssignmentExpression' && node.operator === '=' ? [node.left, node.right] : [];
  if (!isNode(pattern) || pattern.type !== 'ObjectPattern' || !isNode(from) || !isNamesOnly(from, 3) || from.type === 'ThisExpression') return undefined;
  const takes = (pattern.properties as AnyNode[]).some(
    (property) => property.type === 'Property' && !property.computed && (isName(property.key, 'location') || (isNode(property.key) && property.key.value === 'location')),
  );
  return takes ? from : undefined;
}

/** Whether `node`, of which `parent` is the parent, is written to (or deleted). */
function isWritten(node: AnyNode, parent: AnyNode | undefined): boolean {
  if (!parent) return false;
  if (parent.type === 'AssignmentExpression' && parent.left === node) return true;
  if (parent.type === 'UpdateExpression') return true;
  if (parent.type === 'UnaryExpression' && parent.operator === 'delete') return true;
  return (parent.type === 'ForInStatement' || parent.type === 'ForOfStatement') && parent.left === node;
}

/** Whether the member `parent` (of which the Location is the object) is written or called to navigate. */
function isWriteOrNavigation(parent: AnyNode, grandparent: AnyNode | undefined): boolean {
  if (!grandparent) return false;
  if (isWritten(parent, grandparent)) return true;
  if (grandparent.type === 'CallExpression' && grandparent.callee === parent) {
    return !parent.computed && isNode(parent.property) && NAVIGATIONS.has(parent.property.name as string);
  }
  return false;
}

/** Places where an expression is read as a value (a pattern, a key or a declared name is not). */
const VALUE_PLACES: Readonly<Record<string, ReadonlySet<string>>> = {
  VariableDeclarator: new Set(['init']),
  AssignmentExpression: new Set(['right']),
  AssignmentPattern: new Set(['right']),
  CallExpression: new Set(['arguments']),
  NewExpression: new Set(['arguments']),
  ReturnStatement: new Set(['argument']),
  ConditionalExpression: new Set(['consequent', 'alternate']),
  LogicalExpression: new Set(['left', 'right']),
  ArrayExpression: new Set(['elements']),
  TemplateLiteral: new Set(['expressions']),
  ArrowFunctionExpression: new Set(['body']),
  SequenceExpression: new Set(['expressions']),
  SpreadElement: new Set(['argument']),
  ParenthesizedExpression: new Set(['expression']),
};

/** Whether the Location at `visit` is read as the page's address (and so is given the layer's). */
function isAddressRead({ parent, key, grandparent }: Visit): boolean {
  if (!parent) return false;
  if (parent.type === 'MemberExpression') return key === 'object' && !isWriteOrNavigation(parent, grandparent);
  if (parent.type === 'BinaryExpression') return parent.operator === '+';
  if (parent.type === 'Property') return key === 'value' && grandparent?.type === 'ObjectExpression';
  return VALUE_PLACES[parent.type]?.has(key) ?? false;
}

/**
 * meriyah, loaded on first use: a capture whose scripts need no layer (every static page) never
 * pays for it. By require(), as playwright-core (render/playwright.ts): the command's bundle may
 * hold no import(). It parsed the 109 scripts of the render fixtures and three large libraries
 * (plotly.js 4.6 MB, Monaco 3.8 MB, MathJax) to the same edits as acorn did, in 0.6 to 0.7 of
 * acorn's time.
 */
function loadParser(): typeof Meriyah {
  parser ??= createRequire(import.meta.url)('meriyah') as typeof Meriyah;
  return parser;
}

let parser: typeof Meriyah | undefined;

function parsed(code: string, module: boolean): AnyNode | undefined {
  try {
    // A classic script's `return` outside a function is an event handler's (a function's body);
    // webcompat: the web's own extensions (HTML comments, Annex B); next: syntax about to come.
    const options = { ranges: true, next: true, webcompat: true, globalReturn: !module } as const;
    const { parseModule, parseScript } = loadParser();
    return (module ? parseModule : parseScript)(code, options) as unknown as AnyNode;
  } catch {
    // A script the parser cannot read (a syntax newer than it, or broken) is kept as it is.
    return undefined;
  }
}

/** Whether the script may read the page's address, and is small enough to be parsed for it. */
export function mayReadAddress(code: string): boolean {
  return code.length <= MAX_SCRIPT_CHARS && MAY_READ_ADDRESS.test(code);
}

/** The script with its reads of the page's address going through the replay layer's (the code itself when it has none). */
export function readLocationThroughLayer(code: string, module: boolean): string {
  if (!mayReadAddress(code)) return code;
  const program = parsed(code, module);
  if (!program) return code;
  // Every edit is of a node whose text has one of these words: the walk enters no other (a 4.5 MB
  // bundle's tree was walked in 0.5 s for its 125 words).
  const words = Array.from(code.matchAll(ADDRESS_WORDS), (match) => match.index);
  const hasWord = (node: AnyNode): boolean => {
    let low = 0;
    let high = words.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (words[middle]! < node.start) low = middle + 1;
      else high = middle;
    }
    return low < words.length && words[low]! < node.end;
  };
  const edits: { start: number; end: number; text: string }[] = [];
  const stack: Visit[] = [{ node: program, parent: undefined, key: '', grandparent: undefined }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const { node } = visit;
    const navigates = navigation(node);
    if (navigates) {
      // Inserted around the address (whose own reads of the address are edited inside it).
      const [target, address] = navigates;
      const location = code.slice(target.start, target.end);
      const through = `((a)=>${location}===globalThis.location&&globalThis.__SITEZIP_NAVIGATION__?globalThis.__SITEZIP_NAVIGATION__(a):a)((`;
      // Doubled: the parser's range of `(a, b)` leaves its parentheses out.
      edits.push({ start: address.start, end: address.start, text: through }, { start: address.end, end: address.end, text: '))' });
    }
    const destructured = locationTakenFrom(node);
    if (destructured) {
      // `const { pagePath, location } = window` (Gatsby's app): the pattern takes the window's
      // location, which no read above sees; the window it is taken from answers with the layer's.
      const source = code.slice(destructured.start, destructured.end);
      const view = `new Proxy(o,{get:(t,k)=>k==='location'?globalThis.__SITEZIP_LOCATION__:Reflect.get(t,k)})`;
      const text = `((o)=>(o===globalThis||o===globalThis.document)&&globalThis.__SITEZIP_LOCATION__?${view}:o)(${source})`;
      edits.push({ start: destructured.start, end: destructured.end, text });
    }
    const kind = addressKind(node);
    if (kind === 'url') {
      if (!isWritten(node, visit.parent)) {
        const source = code.slice(node.start, node.end);
        edits.push({ start: node.start, end: node.end, text: `(document===globalThis.document&&globalThis.__SITEZIP_LOCATION__?globalThis.__SITEZIP_LOCATION__.href:${source})` });
      }
      continue;
    }
    if (kind === 'location') {
      if (isAddressRead(visit)) {
        const source = code.slice(node.start, node.end);
        const read = `(${source}===globalThis.location&&globalThis.__SITEZIP_LOCATION__||${source})`;
        // `{ location }` is a key and a value at once: it becomes `location: (…)`.
        const shorthand = visit.parent?.type === 'Property' && visit.parent.shorthand === true;
        edits.push({ start: node.start, end: node.end, text: shorthand ? `${source}:${read}` : read });
      }
      continue;
    }
    for (const key of Object.keys(node)) {
      const value = node[key];
      const children = Array.isArray(value) ? value : [value];
      for (const child of children) {
        if (isNode(child) && hasWord(child)) stack.push({ node: child, parent: node, key, grandparent: visit.parent });
      }
    }
  }
  if (edits.length === 0) return code;
  // An insertion goes before an edit that starts where it is; edits never overlap otherwise.
  edits.sort((a, b) => a.start - b.start || a.end - a.start - (b.end - b.start));
  let out = '';
  let at = 0;
  for (const edit of edits) {
    out += code.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + code.slice(at);
}
