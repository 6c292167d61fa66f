import { parentPort } from 'node:worker_threads';
import { liveScriptCode, type LiveScriptReply, type LiveScriptRequest } from './live-script.js';

// The thread of live-script.ts: rewrites the scripts it is sent, one at a time.
parentPort?.on('message', ({ id, code, module }: LiveScriptRequest) => {
  let reply: LiveScriptReply;
  try {
    reply = { id, code: liveScriptCode(code, module) };
  } catch (error) {
    reply = { id, error: (error as Error).message };
  }
  parentPort!.postMessage(reply);
});
