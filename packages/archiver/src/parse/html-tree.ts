import { html, parse, type DefaultTreeAdapterTypes as Tree } from 'parse5';

export type Document = Tree.Document;
export type Element = Tree.Element;
export type ParentNode = Tree.ParentNode;
export type ChildNode = Tree.ChildNode;
export type TextNode = Tree.TextNode;

/**
 * Parse with source locations. Scripting off, so `<noscript>` content becomes elements whose
 * references we can find and rewrite.
 */
export function parseDocument(html: string): Document {
  return parse(html, { sourceCodeLocationInfo: true, scriptingEnabled: false });
}

export function isElement(node: ChildNode): node is Element {
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
