import { launchBrowserServer } from '@sitezip/archiver';
import type { BrowserProcessMessage } from './features/capture/capture-protocol.js';

// Process edge of the shared browser, forked by the process that runs jobs (see shared-browser.ts)
// as the capture user when the server is root: it starts Chromium as a server on loopback, says
// where, and lives as long as that browser does. Capture processes connect to it.

function send(message: BrowserProcessMessage): void {
  if (process.connected) process.send!(message);
}

try {
  const server = await launchBrowserServer();
  // The parent is gone (crash, kill -9): nobody hands out this browser any more.
  process.on('disconnect', () => {
    void server.kill().finally(() => process.exit(1));
  });
  server.on('close', () => process.exit(0));
  send({ type: 'ready', endpoint: server.wsEndpoint(), pid: server.process().pid! });
} catch (error) {
  send({ type: 'failed', message: (error as Error).message });
  process.disconnect();
}
