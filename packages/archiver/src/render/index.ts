// Render mode's entry, loaded on demand (`await import('./render/index.js')`): nothing on the
// static capture path imports it, so the CLI never loads playwright-core for a static page.
export { BrowserHost, type BrowserLease, type BrowserSource, type PageLease, type BrowserUsage } from './browser-host.js';
export { CHROMIUM_FLAGS, launchBrowserServer } from './chromium-launch.js';
export { exchangeKey, type BlockedRequest, type BlockReason, type Initiator, type RecordedExchange, type ResourceKind } from './exchange.js';
export {
  browserHostOptionsSchema,
  parseRenderLimits,
  renderLimitsSchema,
  type BrowserHostOptions,
  type BrowserHostOptionsInput,
  type RenderLimits,
  type RenderLimitsInput,
} from './render-options.js';
export { renderPage, type RenderDeps, type RenderEvents, type RenderResult, type RenderTimings } from './render-page.js';
export { createRenderer } from './renderer.js';
