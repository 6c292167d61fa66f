import { randomBytes } from 'node:crypto';
import type { Frame, Page } from 'playwright-core';
import { neutralizeScripts } from '../parse/index.js';
import { placeFrames, type FramePlacement } from '../parse/frame-marks.js';
import { call, INLINE_CSSOM, SERIALIZE, type Snapshot } from './in-page.js';
import { within } from './race.js';

// Frames read, at most, how deep, and how long one may take (a frame's main thread can hang).
const MAX_FRAMES = 20;
const MAX_FRAME_DEPTH = 2;
const FRAME_READ_MS = 2_000;

/** A frame's document as the render left it, by the mark its element was given. */
export interface FrameRead {
  url: string;
  html: string;
}

/** The documents of a page's frames read for its snapshot: marked in the page's DOM, read apart. */
export interface RenderedFrames {
  /** The attribute each read frame's element carries (its value: the frame's key in `read`). */
  mark: string;
  /** Deepest first: a frame's own frames are marked by the time it is read. */
  read: Map<string, FrameRead>;
}

/** A frame at an address of its own, saved as the document the render left there. */
export interface FrameDocument {
  url: string;
  html: string;
}

/**
 * Reads the documents of the page's frames as their scripts left them, and marks each one's
 * element, so that the page's snapshot shows what its frames showed: a same-origin frame that
 * built itself from fetch() (a widget, a component explorer's preview) was saved as served, and
 * from a folder its scripts failed; a blank frame a script wrote into was saved empty. Call
 * before the page's own DOM is read. Frames that hang, or are beyond the limits, keep their
 * element as it is (their address is then captured as served).
 */
export async function readFrames(page: Page, maxLength: number, budgetMs: number, signal: AbortSignal): Promise<RenderedFrames> {
  const deadline = performance.now() + budgetMs;
  const mark = `data-sitezip-frame-${randomBytes(6).toString('hex')}`;
  const read = new Map<string, FrameRead>();
  const main = page.mainFrame();
  const frames = page
    .frames()
    .map((frame) => ({ frame, depth: depthOf(frame) }))
    .filter(({ frame, depth }) => frame !== main && depth <= MAX_FRAME_DEPTH && !frame.isDetached())
    .sort((a, b) => b.depth - a.depth)
    .slice(0, MAX_FRAMES);
  let left = maxLength;
  for (const [index, { frame }] of frames.entries()) {
    const key = String(index);
    const ms = Math.min(FRAME_READ_MS, deadline - performance.now());
    if (ms <= 0) break;
    const got = await within(readFrame(frame, mark, key, left), ms, signal).catch(() => undefined);
    if (!got?.done || !got.value) continue;
    read.set(key, got.value);
    left -= got.value.html.length;
  }
  return { mark, read };
}

async function readFrame(frame: Frame, mark: string, key: string, maxLength: number): Promise<FrameRead | undefined> {
  const element = await frame.frameElement();
  try {
    const src = await element.evaluate(
      (node: unknown, marking: { name: string; value: string }) => {
        const el = node as { setAttribute(name: string, value: string): void; src?: unknown };
        el.setAttribute(marking.name, marking.value);
        return typeof el.src === 'string' ? el.src : '';
      },
      { name: mark, value: key },
    );
    const url = frame.url();
    // A frame not loaded yet (loading=lazy, out of view) is no blank document: its address is kept.
    if (!/^https?:/i.test(url) && /^https?:/i.test(src)) return undefined;
    // document.open() gives a blank frame the address of the document whose script writes it
    // (Playwright, which saw no navigation, still says about:blank): what it holds is that
    // script's, not a document at that address. Saved there, the copy's frame showed the page itself.
    const written = !/^https?:/i.test(src) && (!/^https?:/i.test(url) || url === frame.parentFrame()?.url());
    await frame.evaluate(call(INLINE_CSSOM));
    const snapshot = (await frame.evaluate(call(SERIALIZE, maxLength))) as Snapshot | { tooLarge: number };
    if ('tooLarge' in snapshot) return undefined;
    return { url: written ? 'about:blank' : /^https?:/i.test(snapshot.href) ? snapshot.href : url, html: snapshot.html };
  } finally {
    void element.dispose().catch(() => undefined);
  }
}

function depthOf(frame: Frame): number {
  let depth = 0;
  for (let parent = frame.parentFrame(); parent; parent = parent.parentFrame()) depth++;
  return depth;
}

/**
 * The page's DOM with its frames in place, scripts removed from each frame's document: a frame
 * at an address goes into `documents` (saved at that address; its element keeps or gets the
 * address), any other (blank, written by script, `srcdoc`, `blob:`) into its element's `srcdoc`.
 */
export function placeRenderedFrames(html: string, frames: RenderedFrames): { html: string; documents: FrameDocument[] } {
  const placements = new Map<string, FramePlacement>();
  const documents: FrameDocument[] = [];
  for (const [key, frame] of frames.read) {
    const placed = neutralizeScripts(placeFrames(frame.html, frames.mark, placements));
    if (/^https?:/i.test(frame.url)) {
      documents.push({ url: frame.url, html: placed });
      placements.set(key, { src: frame.url });
    } else {
      placements.set(key, { srcdoc: placed });
    }
  }
  return { html: placeFrames(html, frames.mark, placements), documents };
}
