export { parseSrcset, rewriteSrcset, serializeSrcset, type SrcsetCandidate } from './srcset.js';
export { cssCharset, findCssRefs, rewriteCss, type CssRef } from './css.js';
export { HTML_SOURCES, PLACEHOLDER_MARKERS, type AttrTest, type HtmlSource, type RefKind } from './html-sources.js';
export {
  findHtmlRefs,
  rewriteHtml,
  type HtmlRef,
  type HtmlRefMap,
  type HtmlScan,
  type RewriteHtmlOptions,
} from './html.js';
