// Code that runs inside the page, as source text: the engine is compiled without the DOM's types,
// and a function's own text can carry a bundler's helpers that do not exist in the page.

/** Evaluates `source` (a function expression) in the page with `arg`, returning its JSON result. */
export function call(source: string, arg: unknown = null): string {
  return `(${source})(${JSON.stringify(arg)})`;
}

/**
 * Milliseconds since the DOM last changed. The first call installs the observer (on the document
 * node, so it survives `document.write` replacing the root) and answers 0.
 */
export const MS_SINCE_MUTATION = `() => {
  const key = Symbol.for('sitezip.lastMutation');
  const state = window[key];
  if (!state) {
    const fresh = { at: performance.now() };
    Object.defineProperty(window, key, { value: fresh });
    new MutationObserver(() => { fresh.at = performance.now(); })
      .observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    return 0;
  }
  return performance.now() - state.at;
}`;

/**
 * Scrolls down in viewport steps, two frames apart (time for IntersectionObservers and scroll
 * handlers to ask for lazy content), re-reading the height as it grows. Returns the steps taken.
 */
export const SCROLL_THROUGH = `async (maxSteps) => {
  const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const root = document.scrollingElement || document.documentElement;
  const step = Math.max(1, window.innerHeight);
  let steps = 0;
  for (let y = step; steps < maxSteps && y < root.scrollHeight; y += step) {
    window.scrollTo(0, y);
    steps++;
    await frames();
  }
  return steps;
}`;

export const SCROLL_TO_TOP = `() => { window.scrollTo(0, 0); }`;

export interface Snapshot {
  html: string;
  title: string;
  href: string;
}

/**
 * The DOM as markup: doctype, the root element's own tag, and its content with every open
 * shadow root (nested ones too) as declarative shadow DOM, `<template shadowrootmode="open">`.
 * Answers `{ tooLarge }` instead of a DOM longer than `maxLength` characters.
 */
export const SERIALIZE = `(maxLength) => {
  const roots = [];
  const collect = (root) => {
    for (const element of root.querySelectorAll('*')) {
      if (element.shadowRoot) {
        roots.push(element.shadowRoot);
        collect(element.shadowRoot);
      }
    }
  };
  const root = document.documentElement;
  if (!root) return { html: '', title: document.title, href: location.href };
  collect(document);
  const inner = typeof root.getHTML === 'function' ? root.getHTML({ shadowRoots: roots }) : root.innerHTML;
  const shell = root.cloneNode(false).outerHTML;
  const close = '</' + root.localName + '>';
  const open = shell.endsWith(close) ? shell.slice(0, -close.length) : shell;
  const type = document.doctype;
  const doctype = !type ? '' : '<!DOCTYPE ' + type.name
    + (type.publicId ? ' PUBLIC "' + type.publicId + '"' : type.systemId ? ' SYSTEM' : '')
    + (type.systemId ? ' "' + type.systemId + '"' : '') + '>';
  const length = doctype.length + open.length + inner.length + close.length;
  if (length > maxLength) return { tooLarge: length };
  return { html: doctype + open + inner + close, title: document.title, href: location.href };
}`;
