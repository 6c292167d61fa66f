import { posix } from 'node:path';

/**
 * The link written into `fromPath` to reach `toPath` (both archive paths). Each segment is
 * percent-encoded so names holding `? # % , |` or spaces stay one path when read as a URL.
 */
export function relativeLink(fromPath: string, toPath: string): string {
  const relative = posix.relative(posix.dirname(fromPath), toPath);
  return relative
    .split('/')
    .map((segment) => (segment === '..' ? segment : encodeURIComponent(segment)))
    .join('/');
}

/** The copy's root folder as a page at `pagePath` links to it: `./`, `../`, `../../`… */
export function rootFolderFrom(pagePath: string): string {
  return relativeLink(pagePath, 'index.html').replace(/index\.html$/, '') || './';
}
