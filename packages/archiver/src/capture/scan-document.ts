import { findHtmlRefs, HtmlTooComplexError, type HtmlScan } from '../parse/index.js';
import { escapeAttribute } from '../parse/html-edits.js';
import { save, type CaptureContext } from './context.js';
import type { DecodedDocument } from './encoding.js';

/**
 * The references of a document, or why it is beyond what the capture parses (more than
 * `maxPageReferences` references, elements nested beyond MAX_OPEN_ELEMENTS). Costs are per
 * reference and per open element, not per byte: 50 MB of text or of plain elements is parsed.
 */
export function scanDocument(ctx: CaptureContext, document: DecodedDocument): HtmlScan | HtmlTooComplexError {
  return scanHtml(document.html, ctx.options.maxPageReferences);
}

export function scanHtml(html: string, maxPageReferences: number): HtmlScan | HtmlTooComplexError {
  try {
    return findHtmlRefs(html, maxPageReferences);
  } catch (error) {
    if (error instanceof HtmlTooComplexError) return error;
    throw error;
  }
}

// A byte order mark, comments and the doctype stay first: a <meta> before the doctype would switch to quirks mode.
const PROLOGUE = /^\uFEFF?(?:\s|<!--[^]{0,4096}?-->)*(?:<!doctype\b[^<>]{0,1024}>)?/i;

/**
 * Saves a document the capture could not parse as it was downloaded, with what keeps the
 * copy offline in front (the same CSP as every saved page) and its encoding declared. Its
 * images, stylesheets and scripts are not captured; the returned note says so and why.
 */
export async function saveAsDownloaded(ctx: CaptureContext, path: string, document: DecodedDocument, csp: string, reason: string): Promise<string> {
  const { html } = document;
  const at = PROLOGUE.exec(html)?.[0].length ?? 0;
  const head = `<meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${escapeAttribute(csp)}">`;
  await save(ctx, path, Buffer.from(`${html.slice(0, at)}${head}${html.slice(at)}`, 'utf8'), true);
  const note = `Saved as downloaded, without its images, stylesheets and scripts: ${reason}.`;
  ctx.refusals.stopBy('page-not-parsed', `${path}: ${note}`);
  return note;
}
