/**
 * The Accept header Chromium sends for each kind of request. Servers negotiate on it: some
 * answer `*\/*` on a page URL with JSON or a bare fragment, and image CDNs pick formats by it.
 */
export const ACCEPT = {
  document: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8',
  stylesheet: 'text/css,*/*;q=0.1',
  image: 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8',
  any: '*/*',
} as const;
