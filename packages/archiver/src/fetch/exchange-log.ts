import { STATUS_CODES, type IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import type { RawResponse } from './transport.js';

/** One request and the head of its response, as they went over the wire. */
export interface ExchangeHead {
  /** The URL of this request (one hop of a redirect chain). */
  url: string;
  /** When the request was sent. */
  date: Date;
  protocol: RawResponse['protocol'];
  /** `GET /path?query HTTP/1.1` and the headers sent, Host first; the person's credentials left out; a POST's body. */
  request: { line: string; headers: [string, string][]; body?: Buffer };
  /** The status line and headers as received (HTTP/2 heads written as HTTP/1.1, as web archives do). */
  response: { line: string; headers: [string, string][] };
}

/** The raw body of a response (still content-encoded), as it arrives. */
export interface ExchangeBody {
  write(chunk: Buffer): void;
  /** The body arrived whole. */
  end(): void;
  /** The body was cut off (limit, timeout, cancel): the exchange is not recorded. */
  abandon(): void;
}

/**
 * Told of every HTTP exchange the fetcher makes (retries and redirect hops included), for a
 * record such as a WARC file. A fetcher without one does none of this work.
 */
export interface ExchangeLog {
  open(head: ExchangeHead): ExchangeBody;
}

/**
 * `body`, with every chunk also handed to `sink` as it is read; `sink` ends when the body was
 * read to its end, and is abandoned when the reader stops early or the body fails.
 */
export function tapBody(body: Readable, sink: ExchangeBody): Readable {
  let whole = false;
  async function* copy(): AsyncGenerator<Buffer> {
    for await (const chunk of body) {
      sink.write(chunk as Buffer);
      yield chunk as Buffer;
    }
    whole = true;
    sink.end();
  }
  const tapped = Readable.from(copy(), { objectMode: false });
  // Destroyed before its end (even before its first read): the source goes too, so its socket is freed.
  tapped.once('close', () => {
    if (whole) return;
    sink.abandon();
    body.destroy();
  });
  // Readers see errors through iteration; an unread body must not crash the process.
  tapped.on('error', () => undefined);
  return tapped;
}

/** The response head as received: HTTP/1.x verbatim; HTTP/2 as a status line and its header fields. */
export function responseHead(response: RawResponse): ExchangeHead['response'] {
  const { status, head } = response;
  if (head) {
    const headers: [string, string][] = [];
    for (let i = 0; i + 1 < head.rawHeaders.length; i += 2) {
      const name = head.rawHeaders[i]!;
      // The body is recorded de-chunked: a Transfer-Encoding left in would make readers de-chunk it again.
      headers.push([name.toLowerCase() === 'transfer-encoding' ? `X-Archive-Orig-${name}` : name, head.rawHeaders[i + 1]!]);
    }
    return { line: `HTTP/${head.httpVersion} ${status} ${head.statusText}`.trimEnd(), headers };
  }
  return { line: `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`.trimEnd(), headers: headerPairs(response.headers) };
}

function headerPairs(headers: IncomingHttpHeaders): [string, string][] {
  return Object.entries(headers).flatMap(([name, value]) =>
    value === undefined ? [] : Array.isArray(value) ? value.map((v): [string, string] => [name, v]) : [[name, String(value)] as [string, string]],
  );
}
