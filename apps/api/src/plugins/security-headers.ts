import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of the web app's pages: its own scripts, styles and fonts only
 * (they are bundled; the product promises no third-party requests), API calls to its own
 * origin or the one it was built for, and no framing (clickjacking on the sign-in form).
 */
export function webAppCsp(apiUrl: string | undefined): string {
  const api = apiUrl && URL.canParse(apiUrl) ? ` ${new URL(apiUrl).origin}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${api}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Headers every response carries: no MIME sniffing, no referrer leaving with captured URLs. */
export function securityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('x-content-type-options')) reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('referrer-policy')) reply.header('referrer-policy', 'no-referrer');
  });
}
