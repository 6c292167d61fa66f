// What the CLI loads while the page's first request is on its way (see cli.ts).
export { archiveSite } from './archive-site.js';
export { archivePage } from './archive.js';
export { zipFileSink } from './sink/zip-sink.js';
export { staticLoader } from './load/static-loader.js';
