import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { basename } from 'node:path';
import { finished } from 'node:stream/promises';
import { WARCRecord, WARC_1_1 } from 'warcio';
import { TempFileBuffer, WARCSerializer } from 'warcio/node';
import type { ExchangeBody, ExchangeHead, ExchangeLog } from '../fetch/exchange-log.js';

/** Bodies up to this size stay in memory while their records wait; larger ones go to a temporary file. */
const IN_MEMORY_BYTES = 2 * 1024 * 1024;

/** Fields of the file's warcinfo record: who wrote it, of what. */
export interface WarcInfo {
  software: string;
  /** What the capture was (its start URL, its mode). */
  description: string;
  [field: string]: string;
}

/**
 * A WARC 1.1 file, one gzip member per record (`.warc.gz`): a warcinfo record first, then for
 * every exchange the fetcher made a request record and a response record holding the status
 * line, headers and raw body as received, with SHA-256 block and payload digests. Records are
 * written in the order their bodies completed; bodies waiting meanwhile past 2 MB wait on disk.
 */
export class WarcWriter implements ExchangeLog {
  private readonly out: WriteStream;
  private readonly infoId = recordId();
  private queue: Promise<void>;
  private failure: Error | undefined;
  private closed = false;
  /** Exchanges written so far (request and response pairs). */
  exchanges = 0;

  constructor(path: string, info: WarcInfo) {
    this.out = createWriteStream(path);
    this.out.on('error', (error) => (this.failure ??= error));
    const record = WARCRecord.createWARCInfo(
      { filename: basename(path), warcVersion: WARC_1_1, warcHeaders: { 'WARC-Record-ID': this.infoId } },
      { format: 'WARC File Format 1.1', conformsTo: 'https://iipc.github.io/warc-specifications/specifications/warc-format/warc-1.1/', ...info },
    );
    this.queue = this.write(record);
  }

  open(head: ExchangeHead): ExchangeBody {
    const body = new TempFileBuffer(IN_MEMORY_BYTES);
    let settled = false;
    return {
      write: (chunk) => body.write(chunk),
      end: () => {
        if (settled) return;
        settled = true;
        // An exchange that ends after the capture closed the file (none should) is dropped.
        if (this.closed) return void body.purge();
        this.enqueue(() => this.writeExchange(head, body));
      },
      abandon: () => {
        if (settled) return;
        settled = true;
        void body.purge();
      },
    };
  }

  /** Writes what is queued and closes the file; rejects if any write failed. */
  async close(): Promise<void> {
    this.closed = true;
    await this.queue;
    this.out.end();
    await finished(this.out).catch((error: Error) => (this.failure ??= error));
    if (this.failure) throw this.failure;
  }

  private enqueue(work: () => Promise<void>): void {
    this.queue = this.queue.then(() => (this.failure ? undefined : work())).catch((error: Error) => {
      this.failure ??= error;
    });
  }

  private async writeExchange(head: ExchangeHead, body: TempFileBuffer): Promise<void> {
    const date = head.date.toISOString();
    const responseId = recordId();
    const common = { 'WARC-Warcinfo-ID': this.infoId, 'WARC-Protocol': head.protocol };
    const request = WARCRecord.create(
      {
        url: head.url,
        date,
        type: 'request',
        warcVersion: WARC_1_1,
        statusline: head.request.line,
        httpHeaders: head.request.headers,
        warcHeaders: { ...common, 'WARC-Record-ID': recordId(), 'WARC-Concurrent-To': responseId },
      },
      // A POST's body is part of its request: replay tools match it to find the response.
      head.request.body ? [head.request.body] : undefined,
    );
    const response = WARCRecord.create(
      {
        url: head.url,
        date,
        type: 'response',
        warcVersion: WARC_1_1,
        statusline: head.response.line,
        httpHeaders: head.response.headers,
        warcHeaders: { ...common, 'WARC-Record-ID': responseId },
      },
      body.readAll(),
    );
    await this.write(request);
    await this.write(response);
    this.exchanges++;
  }

  private async write(record: WARCRecord): Promise<void> {
    const serializer = new WARCSerializer(record, { gzip: true, maxMemSize: IN_MEMORY_BYTES });
    for await (const chunk of serializer) {
      if (!this.out.write(chunk)) await once(this.out, 'drain');
    }
  }
}

function recordId(): string {
  return `<urn:uuid:${randomUUID()}>`;
}
