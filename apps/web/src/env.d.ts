/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base address of the sitezip API, set at build time; defaults to the page's own origin. */
  readonly VITE_API_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
