// Runs one capture in its own process and prints what it did and the process's peak memory:
// `node --import tsx capture-child.ts <url> <zip> [options as JSON] [site]`. Tests read peak
// RSS here because a capture's memory cannot be told apart from the test runner's own.
import { archivePage, archiveSite, zipFileSink } from '../../src/index.js';

const [url = '', zip = '', options = '{}', mode] = process.argv.slice(2);
const capture = mode === 'site' ? archiveSite : archivePage;
const summary = await capture(url, zipFileSink(zip), { allowPrivateNetworks: true, ...JSON.parse(options) });
const { manifest, ...rest } = summary;
process.stdout.write(
  JSON.stringify({
    summary: rest,
    page: manifest.resources.find((r) => r.path === 'index.html'),
    resources: manifest.resources.length,
    refused: manifest.refused,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  }),
);
