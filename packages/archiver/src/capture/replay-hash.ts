import { createHash } from 'node:crypto';

// SHA-256 (FIPS 180-4) as source text for the replay layer: a POST's response is found by the
// hash of its body, the same key the renderer recorded (exchangeKey). Plain and synchronous,
// since a synchronous XHR cannot wait for crypto.subtle (which an insecure origin also lacks).
// Bodies up to 2^29 bytes (the fetcher sends 1 MiB at most).

/** `function sha256(bytes)`: a Uint8Array to lower-case hex. Source text, as it runs in the page. */
export const SHA256_SOURCE = `function sha256(bytes) {
    var K = [
      0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
      0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
      0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
      0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
      0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
      0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
      0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
      0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
    ];
    var n = bytes.length, words = (((n + 8) >> 6) + 1) * 16, w = new Int32Array(words), m = new Int32Array(64), i;
    for (i = 0; i < n; i++) w[i >> 2] |= bytes[i] << (24 - (i & 3) * 8);
    w[n >> 2] |= 0x80 << (24 - (n & 3) * 8);
    w[words - 2] = Math.floor(n / 0x20000000);
    w[words - 1] = n << 3;
    var h = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
    for (var block = 0; block < words; block += 16) {
      for (i = 0; i < 64; i++) {
        if (i < 16) { m[i] = w[block + i]; continue; }
        var x = m[i - 15], y = m[i - 2];
        var s0 = (x >>> 7 | x << 25) ^ (x >>> 18 | x << 14) ^ (x >>> 3);
        var s1 = (y >>> 17 | y << 15) ^ (y >>> 19 | y << 13) ^ (y >>> 10);
        m[i] = (m[i - 16] + s0 + m[i - 7] + s1) | 0;
      }
      var a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], k = h[7];
      for (i = 0; i < 64; i++) {
        var t1 = (k + ((e >>> 6 | e << 26) ^ (e >>> 11 | e << 21) ^ (e >>> 25 | e << 7)) + ((e & f) ^ (~e & g)) + K[i] + m[i]) | 0;
        var t2 = (((a >>> 2 | a << 30) ^ (a >>> 13 | a << 19) ^ (a >>> 22 | a << 10)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
        k = g; g = f; f = e; e = (d + t1) | 0; d = c; c = b; b = a; a = (t1 + t2) | 0;
      }
      h[0] = (h[0] + a) | 0; h[1] = (h[1] + b) | 0; h[2] = (h[2] + c) | 0; h[3] = (h[3] + d) | 0;
      h[4] = (h[4] + e) | 0; h[5] = (h[5] + f) | 0; h[6] = (h[6] + g) | 0; h[7] = (h[7] + k) | 0;
    }
    var hex = '';
    for (i = 0; i < 8; i++) hex += ('0000000' + (h[i] >>> 0).toString(16)).slice(-8);
    return hex;
  }`;


// A multipart body (what a browser sends for FormData) differs at every send by its random
// boundary, so it is hashed in a canonical form that both sides can build: the recording side
// from the bytes the browser sent (below), the replay layer from the FormData's entries
// (MULTIPART_SOURCE). Per part, in order: a line with the JSON array [name, filename or null,
// content type or null, byte length], then the part's bytes. Names and filenames as they stand in
// the part's header, escaped as browsers escape them (LF, CR and '"' as %0A, %0D, %22).
const CANONICAL_MULTIPART = 'sitezip multipart/form-data 1\n';

interface Part {
  name: string;
  filename: string | null;
  type: string | null;
  bytes: Uint8Array;
}

/**
 * The hash a POST is recorded and replayed by: the SHA-256 of its body, or for a multipart body
 * that parses, of its canonical form (a random boundary would make every send another body).
 */
export function replayBodySha256(contentType: string | undefined, body: Uint8Array): string {
  const boundary = multipartBoundary(contentType);
  const parts = boundary === undefined ? undefined : parseMultipart(Buffer.from(body.buffer, body.byteOffset, body.byteLength), boundary);
  const hash = createHash('sha256');
  if (!parts) return hash.update(body).digest('hex');
  hash.update(CANONICAL_MULTIPART);
  for (const part of parts) hash.update(`${JSON.stringify([part.name, part.filename, part.type, part.bytes.length])}\n`).update(part.bytes);
  return hash.digest('hex');
}

/** The boundary of a `multipart/form-data` Content-Type (RFC 2046: 1 to 70 characters, maybe quoted). */
export function multipartBoundary(contentType: string | undefined): string | undefined {
  if (!contentType || !/^\s*multipart\/form-data\s*(;|$)/i.test(contentType)) return undefined;
  const match = /;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

/**
 * The parts of a multipart/form-data body (RFC 7578) as browsers write it, or undefined when it
 * is not one: every delimiter where it belongs, a Content-Disposition of `form-data` with a
 * quoted name in every part, a closing delimiter at the end. Header values are read as UTF-8,
 * as browsers write them; nothing is unescaped (the canonical form keeps the escapes).
 */
export function parseMultipart(body: Buffer, boundary: string): Part[] | undefined {
  const delimiter = Buffer.from(`--${boundary}`);
  const between = Buffer.from(`\r\n--${boundary}`);
  if (!body.subarray(0, delimiter.length).equals(delimiter)) return undefined;
  const parts: Part[] = [];
  let at = delimiter.length;
  for (;;) {
    // After a delimiter: `--` closes the body, CRLF opens a part.
    if (body[at] === 0x2d && body[at + 1] === 0x2d) return parts;
    if (!body.subarray(at, at + 2).equals(CRLF)) return undefined;
    const headersEnd = body.indexOf(HEADER_END, at + 2);
    if (headersEnd < 0) return undefined;
    const end = body.indexOf(between, headersEnd + 4);
    if (end < 0) return undefined;
    const part = partOf(body.toString('utf8', at + 2, headersEnd), body.subarray(headersEnd + 4, end));
    if (!part) return undefined;
    parts.push(part);
    at = end + between.length;
  }
}

function partOf(head: string, bytes: Buffer): Part | undefined {
  let disposition: string | undefined;
  let type: string | null = null;
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) return undefined;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'content-disposition') disposition = value;
    else if (name === 'content-type') type = value;
  }
  if (!disposition || !/^form-data\s*;/i.test(disposition)) return undefined;
  const name = quotedParameter(disposition, 'name');
  if (name === undefined) return undefined;
  return { name, filename: quotedParameter(disposition, 'filename') ?? null, type, bytes };
}

// Browsers quote every parameter and escape '"' as %22, so a value ends at the next quote.
function quotedParameter(disposition: string, parameter: string): string | undefined {
  return new RegExp(`;\\s*${parameter}="([^"]*)"`, 'i').exec(disposition)?.[1];
}

/**
 * The replay layer's side of the canonical form (source text, as it runs in the page, with
 * `encoder`, a TextEncoder, in scope): `formBytesNow(form)` gives the canonical bytes of a
 * FormData at once, or undefined when it holds a File or Blob (whose bytes can only be read
 * asynchronously); `formBytesLater(form)` reads those too. Browsers send string values and names
 * with line breaks as CRLF, and a File without a type as application/octet-stream.
 */
export const MULTIPART_SOURCE = `var CANONICAL_MULTIPART = ${JSON.stringify(CANONICAL_MULTIPART)};
  function crlf(text) { return String(text).replace(/\\r\\n|\\r|\\n/g, '\\r\\n'); }
  function escapeField(text) { return String(text).replace(/\\n/g, '%0A').replace(/\\r/g, '%0D').replace(/"/g, '%22'); }
  function isFile(value) { return typeof value !== 'string'; }
  function formEntries(form) {
    var entries = [];
    form.forEach(function (value, name) { entries.push([name, value]); });
    return entries;
  }
  function canonicalForm(entries, files) {
    var chunks = [encoder.encode(CANONICAL_MULTIPART)], length = 0, next = 0, i;
    entries.forEach(function (entry) {
      var value = entry[1], file = isFile(value);
      var bytes = file ? files[next++] : encoder.encode(crlf(value));
      var head = [escapeField(crlf(entry[0])), file ? escapeField(value.name) : null, file ? (value.type || 'application/octet-stream') : null, bytes.length];
      chunks.push(encoder.encode(JSON.stringify(head) + '\\n'), bytes);
    });
    for (i = 0; i < chunks.length; i++) length += chunks[i].length;
    var all = new Uint8Array(length), at = 0;
    for (i = 0; i < chunks.length; i++) { all.set(chunks[i], at); at += chunks[i].length; }
    return all;
  }
  function formBytesNow(form) {
    var entries = formEntries(form);
    return entries.some(function (entry) { return isFile(entry[1]); }) ? undefined : canonicalForm(entries, []);
  }
  function formBytesLater(form) {
    var entries = formEntries(form);
    var reads = entries.filter(function (entry) { return isFile(entry[1]); }).map(function (entry) {
      return entry[1].arrayBuffer().then(function (buffer) { return new Uint8Array(buffer); });
    });
    return Promise.all(reads).then(function (files) { return canonicalForm(entries, files); });
  }`;
