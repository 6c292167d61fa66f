import { readFileSync } from 'node:fs';
import { UsageError } from './cli-options.js';
import { urlPatternProblem } from './crawl/url-patterns.js';
import { extraHeaderProblem, parseHeaderLine, type ExtraHeader } from './fetch/extra-headers.js';
import { CookieFileError, parseNetscapeCookies, type NetscapeCookie } from './fetch/netscape-cookies.js';

/** The flags for sites behind a login and for archivists, as given on the command line. */
export interface PowerFlags {
  cookies?: string | undefined;
  header?: string[] | undefined;
  include?: string[] | undefined;
  exclude?: string[] | undefined;
}

/** Engine options from --cookies, --header, --include and --exclude; a UsageError names what is wrong. */
export function powerOptions(values: PowerFlags): { cookies: NetscapeCookie[]; headers: ExtraHeader[]; include: string[]; exclude: string[] } {
  return {
    cookies: values.cookies === undefined ? [] : readCookieFile(values.cookies),
    headers: (values.header ?? []).map(headerFlag),
    include: (values.include ?? []).map((p) => patternFlag('include', p)),
    exclude: (values.exclude ?? []).map((p) => patternFlag('exclude', p)),
  };
}

function readCookieFile(path: string): NetscapeCookie[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : (error as Error).message;
    throw new UsageError(`--cookies: cannot read ${path} (${why})`);
  }
  try {
    return parseNetscapeCookies(text);
  } catch (error) {
    if (error instanceof CookieFileError) {
      throw new UsageError(`--cookies: ${path} is not a Netscape cookies.txt file: ${error.message}`);
    }
    throw error;
  }
}

function headerFlag(line: string): ExtraHeader {
  const header = parseHeaderLine(line);
  if (!header) throw new UsageError(`--header must be "Name: value" (got "${line}")`);
  const problem = extraHeaderProblem(header);
  if (problem) throw new UsageError(`--header: ${problem}`);
  return header;
}

function patternFlag(flag: 'include' | 'exclude', pattern: string): string {
  const problem = urlPatternProblem(pattern);
  if (problem) throw new UsageError(`--${flag}: ${problem}`);
  return pattern;
}

/** The WARC file beside the ZIP: `site.zip` gives `site.warc.gz`. */
export function warcPathFor(output: string): string {
  return `${output.replace(/\.zip$/i, '')}.warc.gz`;
}
