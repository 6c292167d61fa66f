import { parentPort } from 'node:worker_threads';
import { findPortableHtmlRefs, HtmlTooComplexError } from './html.js';
import type { ScanReply, ScanRequest } from './html-scan-pool.js';

// One thread of HtmlScanPool: parses the documents it is sent, one at a time.
parentPort?.on('message', ({ id, html, maxRefs }: ScanRequest) => {
  let reply: ScanReply;
  try {
    reply = { id, portable: findPortableHtmlRefs(html, maxRefs) };
  } catch (error) {
    reply = { id, error: (error as Error).message, tooComplex: error instanceof HtmlTooComplexError };
  }
  parentPort!.postMessage(reply);
});
