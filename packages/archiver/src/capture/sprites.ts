import { normalizeUrl } from '../resolve/normalize-url.js';
import type { CaptureContext } from './context.js';

/**
 * Chromium refuses `<use href="sprite.svg#icon">` across documents from file:// (and from
 * data: URLs), so each sprite sheet a page uses is inlined once at the start of its body,
 * and the references point at the ids inside it. The whole sheet is kept, so the gradients and
 * clip paths its symbols refer to come along.
 */
export class SpriteInliner {
  private readonly used = new Map<string, string>();

  constructor(
    private readonly ctx: CaptureContext,
    private readonly base: string,
  ) {}

  /** The in-page reference for `raw`, or undefined when its sheet was not captured. */
  link(raw: string): string | undefined {
    const hash = raw.indexOf('#');
    if (hash < 0) return undefined;
    const url = normalizeUrl(raw, this.base);
    const sheet = url ? this.ctx.sprites.get(url) : undefined;
    if (!url || !sheet) return undefined;
    this.used.set(url, sheet);
    return raw.slice(hash);
  }

  /** Hidden markup holding every sheet used; empty when none was. */
  markup(): string {
    const sheets = [...this.used.values()].map((sheet) => sheet.slice(Math.max(0, sheet.search(/<svg[\s>]/i))));
    if (sheets.length === 0) return '';
    // Not display:none: gradients inside an undisplayed SVG do not paint.
    return `<div aria-hidden="true" style="position:absolute;width:0;height:0;overflow:hidden">${sheets.join('')}</div>`;
  }
}
