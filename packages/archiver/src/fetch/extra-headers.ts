/** A request header the person adds (a token, a session for a site behind a login). */
export type ExtraHeader = [name: string, value: string];

/**
 * Headers the engine owns: hop-by-hop ones, those that frame or route the request, and those
 * whose answer the engine could not read (another content coding, a part of the body).
 */
const REFUSED = new Set([
  'host',
  'content-length',
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'expect',
  'http2-settings',
  'accept-encoding',
  'range',
  'if-range',
]);

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Why a header cannot be added, or undefined when it can. */
export function extraHeaderProblem([name, value]: ExtraHeader): string | undefined {
  if (!TOKEN.test(name)) return `"${name}" is not a header name`;
  if (REFUSED.has(name.toLowerCase())) return `${name} is set by sitezip itself and cannot be given`;
  // CR or LF would start a header of their own (request smuggling); NUL is never valid.
  if (/[\r\n\0]/.test(value)) return `the value of ${name} holds a line break`;
  return undefined;
}

/** `Name: value`, as curl and wget take it. */
export function parseHeaderLine(line: string): ExtraHeader | undefined {
  const colon = line.indexOf(':');
  if (colon <= 0) return undefined;
  return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
}

/** Lower-case names with repeated headers joined by ", " (one field, as HTTP allows). */
export function headerRecord(headers: readonly ExtraHeader[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of headers) {
    const key = name.toLowerCase();
    const joiner = key === 'cookie' ? '; ' : ', ';
    out[key] = out[key] === undefined ? value : `${out[key]}${joiner}${value}`;
  }
  return out;
}
