export { parseSrcset, rewriteSrcset, serializeSrcset, type SrcsetCandidate } from './srcset.js';
export { cssCharset, cssRefKind, findCssRefs, rewriteCss, type CssRef } from './css.js';
export { HTML_SOURCES, PLACEHOLDER_MARKERS, type AttrTest, type HtmlSource, type RefKind } from './html-sources.js';
export {
  adoptPortableScan,
  findHtmlRefs,
  findPortableHtmlRefs,
  HtmlTooComplexError,
  MAX_OPEN_ELEMENTS,
  rewriteHtml,
  type HtmlRef,
  type HtmlRefMap,
  type HtmlScan,
  type InlineScript,
  type InlineScriptMap,
  type PortableScan,
  type RewriteHtmlOptions,
} from './html.js';
export { eachOnce, moduleImports, moduleLexerReady, rewriteModule, splitModuleImports, type ModuleImport, type RewriteModuleOptions } from './js-modules.js';
export { neutralizeScripts } from './neutralize-scripts.js';
export { findViteDeps, viteDepUrl } from './vite-deps.js';
