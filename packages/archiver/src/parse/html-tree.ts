import { defaultTreeAdapter, html, parse, type DefaultTreeAdapterMap, type DefaultTreeAdapterTypes as Tree, type TreeAdapter } from 'parse5';

export type Document = Tree.Document;
export type Element = Tree.Element;
export type ParentNode = Tree.ParentNode;
export type ChildNode = Tree.ChildNode;
export type TextNode = Tree.TextNode;

/** What a streaming parse reports, as the parser builds the tree. */
export interface ElementVisitor {
  /**
   * An element whose start tag was just read: its namespace, attributes and their source
   * locations are final. Called in document order, once per start tag (formatting elements the
   * parser re-opens later share their start tag and are not reported again). `html` and `body`
   * come last: a later `<body>` tag can still add attributes to them.
   */
  opened(el: Element): void;
  /** An element the parser closed (or left open at the end): its end tag and children are known. */
  closed(el: Element): void;
}

/** What remains of the tree after a streaming parse: where to insert content at the top of head and body. */
export interface DocumentOutline {
  document: Document;
  /** The children each of `head` and `body` had first (up to the first one with a location), kept for insertion points. */
  firstChildren: ReadonlyMap<Element, readonly ChildNode[]>;
}

/**
 * Thrown when a document is beyond what the parse takes on (elements nested past
 * {@link MAX_OPEN_ELEMENTS}, or references past the caller's limit): the caller decides what
 * becomes of the page.
 */
export class HtmlTooComplexError extends Error {
  override readonly name = 'HtmlTooComplexError';
}

/**
 * Browsers stop nesting at 512 levels; a page nesting a million elements would hold them all
 * in memory (about 1.3 KB each with locations).
 */
export const MAX_OPEN_ELEMENTS = 200_000;

const OPEN = Symbol('open');
type Marked = ChildNode & { [OPEN]?: boolean };

const OPTIONS = { sourceCodeLocationInfo: true, scriptingEnabled: false } as const;

/**
 * Parse with source locations. Scripting off, so `<noscript>` content becomes elements whose
 * references we can find and rewrite.
 *
 * The parser builds the tree, but nothing here needs it once an element was reported: closed
 * elements, text and comments are dropped from their parent as soon as a next sibling arrives.
 * Memory then follows the nesting depth, not the document's size: a full tree with source
 * locations costs about 1.4 KB per element (3 GB for 50 MB of small elements), and the parser
 * itself only ever looks at open elements and the last child of the current one.
 */
export function parseDocument(source: string, visitor: ElementVisitor, maxOpen = MAX_OPEN_ELEMENTS): DocumentOutline {
  let depth = 0;
  // Open elements carry a mark (a Set of millions of short-lived entries costs more than the parse's own work).
  const open = (el: ChildNode): boolean => (el as Marked)[OPEN] === true;
  const firstChildren = new Map<Element, ChildNode[]>();
  let lastStart = -1;
  const noteChild = (parent: ParentNode, node: ChildNode): void => {
    if (!isElement(parent) || parent.namespaceURI !== html.NS.HTML || (parent.tagName !== 'head' && parent.tagName !== 'body')) return;
    let kept = firstChildren.get(parent);
    if (!kept) firstChildren.set(parent, (kept = []));
    // Elements arrive located, text and comments get their location just after: one of those is enough.
    if (!kept.some((n) => !isElement(n) || n.sourceCodeLocation)) kept.push(node);
  };
  const report = (node: ChildNode): void => {
    if (!isElement(node) || isRootOrBody(node)) return;
    const start = node.sourceCodeLocation?.startOffset;
    // No location: implied by the parser. Not after the last start tag: a re-opened formatting element.
    if (start === undefined || start <= lastStart) return;
    lastStart = start;
    visitor.opened(node);
  };
  /** Drop the node before a new sibling, unless the parser or the caller still needs it. */
  const prune = (parent: ParentNode, previous: ChildNode | undefined): void => {
    if (!previous || keepsChildren(parent) || open(previous)) return;
    defaultTreeAdapter.detachNode(previous);
  };
  const adapter: TreeAdapter<DefaultTreeAdapterMap> = {
    ...defaultTreeAdapter,
    appendChild(parent, node) {
      prune(parent, parent.childNodes[parent.childNodes.length - 1]);
      defaultTreeAdapter.appendChild(parent, node);
      noteChild(parent, node);
      report(node);
    },
    insertBefore(parent, node, reference) {
      prune(parent, parent.childNodes[parent.childNodes.indexOf(reference) - 1]);
      defaultTreeAdapter.insertBefore(parent, node, reference);
      noteChild(parent, node);
      report(node);
    },
    insertText(parent, text) {
      const last = parent.childNodes[parent.childNodes.length - 1];
      if (!last || !defaultTreeAdapter.isTextNode(last)) prune(parent, last);
      defaultTreeAdapter.insertText(parent, text);
      const added = parent.childNodes[parent.childNodes.length - 1];
      if (added && added !== last) noteChild(parent, added);
    },
    onItemPush(el) {
      (el as Marked)[OPEN] = true;
      if (++depth > maxOpen) throw new HtmlTooComplexError(`the page nests elements more than ${maxOpen} deep`);
    },
    onItemPop(el) {
      depth--;
      (el as Marked)[OPEN] = false;
      visitor.closed(el);
    },
  };
  const document = parse(source, { ...OPTIONS, treeAdapter: adapter });
  // What the parser left open at the end of the input, `html` and `body` at least.
  const remaining: Element[] = [];
  forEachElement(document, (el) => void (open(el) || isRootOrBody(el) ? remaining.push(el) : undefined));
  for (const el of remaining) if (isRootOrBody(el)) visitor.opened(el);
  for (const el of remaining) if (open(el)) visitor.closed(el);
  return { document, firstChildren };
}

/** `<style>` text is rewritten when the element closes; the document and `<html>` hold the outline. */
function keepsChildren(parent: ParentNode): boolean {
  return !isElement(parent) || parent.tagName === 'style' || (parent.tagName === 'html' && parent.namespaceURI === html.NS.HTML);
}

/** The document's `<html>` and its `<body>`, whose attributes later tags can still add to. */
function isRootOrBody(el: Element): boolean {
  if (el.namespaceURI !== html.NS.HTML) return false;
  const parent = el.parentNode;
  if (el.tagName === 'html') return parent !== null && !isElement(parent) && parent.nodeName === '#document';
  return el.tagName === 'body' && parent !== null && isElement(parent) && isRootOrBody(parent);
}

export function isElement(node: ChildNode | ParentNode): node is Element {
  return 'tagName' in node;
}

/** True for elements in the HTML namespace (not SVG or MathML). */
export function isHtmlElement(el: Element): boolean {
  return el.namespaceURI === html.NS.HTML;
}

/**
 * Visit every element in tree order, `<template>` content included. Iterative, because hostile
 * pages nest tens of thousands of elements deep and recursion would overflow the stack.
 */
export function forEachElement(root: ParentNode, visit: (el: Element) => void): void {
  const pending: ChildNode[] = [...root.childNodes].reverse();
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (!isElement(node)) continue;
    visit(node);
    const content = 'content' in node ? (node.content as ParentNode).childNodes : [];
    for (const children of [content, node.childNodes]) {
      for (let i = children.length - 1; i >= 0; i--) pending.push(children[i]!);
    }
  }
}

/**
 * Attributes by lower-case qualified name (`xlink:href`), the same key parse5 uses for their
 * source locations. Values are already entity-decoded.
 */
export function attributeMap(el: Element): Map<string, string> {
  const out = new Map<string, string>();
  for (const a of el.attrs) out.set((a.prefix ? `${a.prefix}:${a.name}` : a.name).toLowerCase(), a.value);
  return out;
}

/** First child element with the given tag name. */
export function childElement(parent: ParentNode | undefined, tag: string): Element | undefined {
  return parent?.childNodes.find((n): n is Element => isElement(n) && n.tagName === tag);
}
