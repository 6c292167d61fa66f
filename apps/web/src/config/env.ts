const configuredApiUrl = (import.meta.env.VITE_API_URL ?? '').trim().replace(/\/+$/, '');

// Outside a browser (unit tests) there is no page origin to fall back to.
const pageOrigin = typeof window === 'undefined' ? '' : window.location.origin;

/** Build-time settings, read once. */
export const env = Object.freeze({
  /** Base address of the API, without a trailing slash. */
  apiBase: configuredApiUrl || pageOrigin,
  /** True when VITE_API_URL was set at build time; otherwise the API is assumed at this origin. */
  apiBaseConfigured: configuredApiUrl !== '',
});
