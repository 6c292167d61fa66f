import type { FetchedResource } from '../fetch/fetcher.js';
import { cssRefKind, findCssRefs, rewriteCss } from '../parse/index.js';
import { save, type CaptureContext } from './context.js';
import { declareUtf8Css, decodeText, sniffCssEncoding } from './encoding.js';
import { failedCssLink, linkFor, resolveRefs } from './resolve-refs.js';
import { noteStylesheet, reuseStylesheet } from '../update/reuse-stylesheet.js';

/** Fetches what a stylesheet references (imports, images, fonts), rewrites it, saves it. */
export async function processCss(
  ctx: CaptureContext,
  resource: FetchedResource,
  path: string,
  depth: number,
  documentEncoding = 'utf-8',
): Promise<void> {
  const encoding = sniffCssEncoding(resource.body, resource.charset, documentEncoding);
  // An update copies an unchanged stylesheet whose references still point where they did, unparsed.
  if (ctx.fileReuse && (await reuseStylesheet(ctx, ctx.fileReuse, resource, path, encoding))) return;
  const text = decodeText(resource.body, encoding);
  const refs = findCssRefs(text);
  const found = refs.map((ref) => ({ url: ref.url, kind: cssRefKind(ref) }));
  const outcomes = await resolveRefs(ctx, found, resource.url, resource.url, depth, encoding);
  const rewritten = rewriteCss(text, (ref) => linkFor(path, ref.url, outcomes, failedCssLink(cssRefKind(ref))));
  await save(ctx, path, Buffer.from(declareUtf8Css(rewritten), 'utf8'), true);
  if (ctx.fileReuse) await noteStylesheet(ctx, ctx.fileReuse, resource, path, encoding, found);
}
