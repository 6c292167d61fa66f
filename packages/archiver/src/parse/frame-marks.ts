import { addAttributes, applyEdits, removeAttribute, setAttribute, type Edit, type Range } from './html-edits.js';
import { parseDocument } from './html-tree.js';

/** What a marked frame element is given: its document written into it, or the address it showed. */
export type FramePlacement = { srcdoc: string } | { src: string };

/**
 * Gives each element that carries the attribute `mark` (a render marks the frame elements whose
 * documents it read, before it reads the DOM they are in) what `placements` holds for the mark's
 * value, in place of its `srcdoc` or `src`, and takes the mark away. An element with no
 * placement only loses its mark. Everything else stays byte for byte.
 */
export function placeFrames(html: string, mark: string, placements: ReadonlyMap<string, FramePlacement>): string {
  if (!html.includes(mark)) return html;
  const edits: Edit[] = [];
  parseDocument(html, {
    opened(el) {
      const at = el.sourceCodeLocation;
      const marked = el.attrs.find((attr) => attr.name === mark);
      const markAt = at?.attrs?.[mark];
      if (!at?.startTag || !marked || !markAt) return;
      edits.push(removeAttribute(html, markAt));
      const placement = placements.get(marked.value);
      if (!placement) return;
      const [name, value] = 'srcdoc' in placement ? ['srcdoc', placement.srcdoc] : ['src', placement.src];
      const written: Range | undefined = at.attrs?.[name];
      if (written) edits.push(setAttribute(html, written, name, value));
      else edits.push(addAttributes(html, at.startTag, Object.values(at.attrs ?? {}), [[name, value]]));
    },
    closed() {},
  });
  return applyEdits(html, edits);
}
