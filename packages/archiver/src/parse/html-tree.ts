import { parse, type DefaultTreeAdapterTypes as Tree } from 'parse5';

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

/** Visit every element in tree order, `<template>` content included. */
export function forEachElement(parent: ParentNode, visit: (el: Element) => void): void {
  for (const child of parent.childNodes) {
    if (!isElement(child)) continue;
    visit(child);
    forEachElement(child, visit);
    if ('content' in child) forEachElement(child.content as ParentNode, visit);
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
