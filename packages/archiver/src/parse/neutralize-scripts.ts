import { applyEdits, removeAttribute, removeElement, setAttribute, type Edit } from './html-edits.js';
import { parseDocument, type Element } from './html-tree.js';

// Attributes whose value a browser navigates to or submits to: a `javascript:` URL there runs code.
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'data']);
// The URL parser drops leading C0 controls and spaces, and tabs and newlines anywhere.
const JAVASCRIPT_URL = /^[\u0000-\u0020]*j[\t\n\r]*a[\t\n\r]*v[\t\n\r]*a[\t\n\r]*s[\t\n\r]*c[\t\n\r]*r[\t\n\r]*i[\t\n\r]*p[\t\n\r]*t[\t\n\r]*:/i;

/**
 * A rendered DOM as a still picture: the scripts that built it must not run again (a second run
 * offline builds the page twice, or tears it down when its requests fail). Removes script
 * elements (HTML and SVG), preloads of scripts, inline event handlers and `javascript:` URLs;
 * everything else stays byte for byte. The saved page's CSP forbids scripts as well: this keeps
 * them from being fetched at all, and the copy clean of code that cannot run.
 */
export function neutralizeScripts(html: string): string {
  const edits: Edit[] = [];
  // Inside a removed element, attribute edits would overlap its removal.
  let removedUntil = -1;
  const remove = (el: Element) => {
    const at = el.sourceCodeLocation;
    if (!at || at.startOffset < removedUntil) return;
    edits.push(removeElement(html, at));
    removedUntil = at.endOffset;
  };
  parseDocument(html, {
    opened(el) {
      const at = el.sourceCodeLocation;
      // A link is void: its start tag is the whole element.
      if (isScriptPreload(el)) return remove(el);
      if (!at || el.tagName === 'script') return;
      for (const attr of el.attrs) {
        const range = at.attrs?.[attr.name];
        if (!range) continue;
        const name = attr.name.toLowerCase();
        if (name.startsWith('on')) edits.push(removeAttribute(html, range));
        else if (URL_ATTRIBUTES.has(name) && JAVASCRIPT_URL.test(attr.value)) edits.push(setAttribute(html, range, attr.name, '#'));
      }
    },
    closed(el) {
      if (el.tagName === 'script') remove(el);
    },
  });
  return applyEdits(html, edits);
}

function isScriptPreload(el: Element): boolean {
  if (el.tagName !== 'link') return false;
  const rel = el.attrs.find((a) => a.name === 'rel')?.value.toLowerCase().split(/\s+/) ?? [];
  const as = el.attrs.find((a) => a.name === 'as')?.value.toLowerCase();
  return rel.includes('modulepreload') || (rel.includes('preload') && (as === 'script' || as === 'worker'));
}
