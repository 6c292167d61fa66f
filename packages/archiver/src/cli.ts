import { rename, rm } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { CaptureProgress } from './capture/context.js';
import { formatBytes, progressBar } from './cli-format.js';
import { ArchiveError, isArchiveError, type ArchiveErrorCode } from './errors.js';
import type { CrawlState } from './resume/crawl-state.js';
import { HttpFetcher } from './fetch/http-fetcher.js';
import { requestEarly } from './load/early-request.js';
import { trustFromEnv } from './fetch/tls-trust.js';
import { BadFlagValue, optionsFromFlags, UsageError } from './cli-options.js';
import { powerOptions, warcPathFor } from './cli-power-flags.js';
import { openPreviousCopy, updateLines } from './cli-update.js';
import type { PreviousCopy } from './update/previous-copy.js';
import { openWarcFile } from './warc/open-warc.js';
import type { WarcWriter } from './warc/warc-writer.js';
import { allowPrivateNetworksFromEnv } from './options.js';
import { withDefaultScheme } from './page-url.js';
import { trace } from './trace.js';

export { renderedHere } from './rendered-here.js';

const USAGE = `Usage: sitezip <url> [options]

Saves a web page with everything it needs into a ZIP that opens offline via index.html.

Options:
  -o, --output <file>        ZIP file to write (default: <host>.zip)
      --full                 mirror the whole site (pages linked from the start page), not one page
      --max-pages <n>        with --full: pages saved at most (default: every page in scope)
      --max-depth <n>        with --full: links followed from the start page at most (default 10)
      --scope <scope>        with --full: host (default), prefix (under the start URL's folder) or domain
      --include <pattern>    with --full: follow only pages whose URL path matches one such glob
                             (repeatable; * within a path segment, ** across them: /docs/**)
      --exclude <pattern>    with --full: never follow pages whose URL path matches (repeatable)
      --resume               with --full: continue the crawl an interruption (Ctrl-C, kill, crash)
                             left off, from the state kept in <output>.resume/
      --update <zip>         renew a copy made before: its files are asked for conditionally and
                             taken from that ZIP when unchanged (304), pages of --full too when
                             what they link to is unchanged; says what changed since
      --render <mode>        auto (default): pages that build themselves with JavaScript are loaded
                             in Chromium first and saved as rendered; always; never
      --render-timeout <seconds>
                             longest time for rendering one page in the browser, before it is
                             saved as a static page instead (default 20)
      --check-snapshots      check a rendered page's snapshot even when its live copy passes on
                             its own (both scores in the manifest; each check takes longer)
      --max-resources <n>    most resources to fetch (default 5000; with --full, no limit)
      --max-bytes <n>        stop saving after this many bytes (default 1 GiB)
      --timeout <seconds>    time budget of the whole capture (default 600)
      --resource-timeout <seconds>
                             longest time for one file, retries included (default 30)
      --connections <n>      requests in flight per HTTP/1.1 origin (default 32)
      --streams <n>          requests in flight per HTTP/2 origin, on one connection (default 100)
      --cookies <file>       send the cookies of a Netscape cookies.txt file (browser export, wget,
                             curl) where their domain, path and expiry allow; never saved
      --header <'Name: value'>
                             add a request header, sent to the start URL's host only (repeatable);
                             never saved
      --warc                 also write every request and response into a WARC 1.1 file beside
                             the ZIP (<name>.warc.gz)
  -q, --quiet                print only errors
  -h, --help                 show this help

Environment:
  SITEZIP_ALLOW_PRIVATE_NETWORKS=1   allow loopback and private addresses (off by default;
                                     cloud metadata addresses stay refused)

Exit codes: 0 saved, 2 bad usage or URL, 3 page not found, 4 site blocks downloads,
5 timeout, 6 network or HTTP error, 7 address not allowed, 1 unexpected error.`;

const EXIT_CODES: Partial<Record<ArchiveErrorCode, number>> = {
  INVALID_URL: 2,
  NOT_FOUND: 3,
  BLOCKED_BY_SITE: 4,
  TIMEOUT: 5,
  NETWORK: 6,
  HTTP_ERROR: 6,
  TOO_MANY_REDIRECTS: 6,
  TOO_LARGE: 6,
  FORBIDDEN_ADDRESS: 7,
};

function parse(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      output: { type: 'string', short: 'o' },
      'max-resources': { type: 'string' },
      'max-bytes': { type: 'string' },
      timeout: { type: 'string' },
      'resource-timeout': { type: 'string' },
      'render-timeout': { type: 'string' },
      connections: { type: 'string' },
      streams: { type: 'string' },
      full: { type: 'boolean' },
      'max-pages': { type: 'string' },
      'max-depth': { type: 'string' },
      scope: { type: 'string' },
      render: { type: 'string' },
      'check-snapshots': { type: 'boolean' },
      include: { type: 'string', multiple: true },
      exclude: { type: 'string', multiple: true },
      cookies: { type: 'string' },
      header: { type: 'string', multiple: true },
      warc: { type: 'boolean' },
      update: { type: 'string' },
      resume: { type: 'boolean' },
      quiet: { type: 'boolean', short: 'q' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return { help: true as const };
  if (positionals.length !== 1) throw new UsageError('Give exactly one URL.');
  const url = withDefaultScheme(positionals[0] as string);
  const fullOnly = [values['max-pages'], values['max-depth'], values.scope, values.include, values.exclude];
  if (!values.full && fullOnly.some((value) => value !== undefined)) {
    throw new UsageError('--max-pages, --max-depth, --scope, --include and --exclude need --full');
  }
  if (values.resume && !values.full) throw new UsageError('--resume needs --full: only a site capture keeps state to continue');
  const base = { allowPrivateNetworks: allowPrivateNetworksFromEnv(), ...(values['check-snapshots'] ? { checkSnapshots: true } : {}), ...powerOptions(values) };
  const options = optionsFromFlags(values, base, values.full ?? false);
  const flags = { full: values.full ?? false, warc: values.warc ?? false, quiet: values.quiet ?? false, resume: values.resume ?? false };
  return { help: false as const, url, options, output: values.output, update: values.update, ...flags };
}

async function openWarc(path: string, args: { url: string; full: boolean; options: { userAgent: string; respectRobots?: boolean } }): Promise<WarcWriter> {
  return openWarcFile(path, {
    software: 'sitezip',
    description: `${args.full ? 'Site' : 'Page'} capture of ${args.url}`,
    'http-header-user-agent': args.options.userAgent,
    ...(args.full ? { robots: args.options.respectRobots !== false ? 'obey' : 'ignore' } : {}),
  });
}

function defaultOutput(url: string): string {
  try {
    return `${new URL(url).hostname.replace(/[^a-z0-9.-]/gi, '_')}.zip`;
  } catch {
    return 'website.zip';
  }
}

/** Runs the command; returns the process exit code. */
export async function main(argv: string[]): Promise<number> {
  trace('cli: main');
  let args: ReturnType<typeof parse>;
  try {
    args = parse(argv);
  } catch (error) {
    const message = error instanceof BadFlagValue ? (await import('./cli-flag-range.js')).badFlagMessage(error) : (error as Error).message;
    process.stderr.write(`sitezip: ${message}\n\n${USAGE}\n`);
    return 2;
  }
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const output = args.output ?? defaultOutput(args.url);
  const partial = `${output}.partial`;
  let previous: PreviousCopy | undefined;
  try {
    if (args.update) previous = await openPreviousCopy(args.update, args.url, partial, args.options.spoolThresholdBytes);
  } catch (error) {
    process.stderr.write(`sitezip: ${(error as Error).message}\n`);
    return error instanceof UsageError ? 2 : 1;
  }
  const tty = process.stderr.isTTY && !args.quiet;
  let lastDraw = 0;
  const onProgress = (progress: CaptureProgress) => {
    const now = Date.now();
    if (!tty || (now - lastDraw < 80 && progress.phase !== 'done')) return;
    lastDraw = now;
    process.stderr.write(`\r${progressBar(progress)}\u001b[K`);
  };
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once('SIGINT', stop);
  if (!args.quiet) process.stderr.write(`Saving ${args.url}\n`);
  let fetcher: HttpFetcher | undefined;
  let warc: WarcWriter | undefined;
  let state: CrawlState | undefined;
  const warcPath = warcPathFor(output);
  try {
    // Loaded only with --full (it brings the ZIP code, which page captures load after their first request).
    if (args.full) state = await (await import('./resume/crawl-state.js')).openCrawlState(output, partial, args.url, args.options, args.resume);
    for (const note of state?.notes ?? []) if (!args.quiet) process.stderr.write(`${note}\n`);
    if (state?.resumedPages && !args.quiet) process.stderr.write(`Resuming: ${state.resumedPages} pages already saved\n`);
    // Loaded only with --warc; the page's request waits for it then.
    if (args.warc) warc = await openWarc(`${warcPath}.partial`, args);
    fetcher = new HttpFetcher(args.options, {}, trustFromEnv(), { startUrl: args.url, log: warc });
    // A resumed crawl has its start page already.
    const early = state?.resumedPages ? undefined : requestEarly(fetcher, args.url, controller.signal, args.options.totalTimeoutMs);
    trace('cli: page requested');
    const { archivePage, archiveSite, staticLoader, zipFileSink } = await import('./engine.js');
    trace('cli: engine loaded');
    const hooks = { onProgress, signal: controller.signal, fetcher, loader: staticLoader(early), ...(previous ? { previous } : {}) };
    const summary = state
      ? await archiveSite(args.url, state.sink, args.options, { ...hooks, resume: state.resume })
      : await archivePage(args.url, zipFileSink(partial), args.options, hooks);
    // A site capture stopped by Ctrl-C ends with what it had: kept to be resumed, not as the ZIP.
    if (state && controller.signal.aborted) throw new ArchiveError('ABORTED', 'Interrupted.');
    trace('cli: capture done');
    await rename(partial, output);
    await state?.finish();
    if (warc) {
      await warc.close();
      await rename(`${warcPath}.partial`, warcPath);
    }
    if (tty) process.stderr.write('\n');
    if (!args.quiet) {
      const seconds = (summary.durationMs / 1000).toFixed(2);
      process.stdout.write(
        `Saved ${output}: ${args.full ? `${summary.pages} pages, ` : ''}${summary.files} files, ${formatBytes(summary.bytes)}, ${summary.failures} failed, ${seconds} s\n`,
      );
      for (const entry of summary.manifest.resources.filter((r) => r.error).slice(0, 20)) {
        process.stdout.write(`  failed: ${entry.url} (${entry.error})\n`);
      }
      const { rendered } = summary;
      if (rendered.pages) {
        const kept = rendered.live ? `, ${rendered.live} with ${rendered.live === rendered.pages ? 'their' : 'its'} scripts running offline` : ', saved as snapshots';
        process.stdout.write(`  rendered in Chromium: ${rendered.pages} page${rendered.pages === 1 ? '' : 's'} (${rendered.reason})${kept}\n`);
      }
      if (rendered.answered) {
        process.stdout.write(`  run offline without a render: ${rendered.answered} page${rendered.answered === 1 ? '' : 's'} (their scripts ask only for what the rendered pages of their shape recorded)\n`);
      }
      if (rendered.failed) process.stdout.write(`  not rendered, saved as served: ${rendered.failed}\n`);
      if (summary.manifest.update) process.stdout.write(`${updateLines(summary.manifest.update).join('\n')}\n`);
      if (summary.stoppedBy) process.stdout.write(`  stopped early: ${summary.stoppedBy}\n`);
      if (warc) process.stdout.write(`  WARC: ${warcPath} (${warc.exchanges} requests and responses)\n`);
      const refused = summary.manifest.refused;
      if (refused) {
        const counts = Object.entries(refused.counts).map(([code, n]) => `${n} ${code}`);
        const total = refused.urls.length + refused.more;
        process.stdout.write(`  left out: ${total} URL${total === 1 ? '' : 's'} (${counts.join(', ')}); see "refused" in the manifest\n`);
      }
    }
    return 0;
  } catch (error) {
    if (tty) process.stderr.write('\n');
    process.stderr.write(`sitezip: ${(error as Error).message}\n`);
    if (state?.keep()) process.stderr.write(`sitezip: the crawl can go on where it stopped: run the same command with --resume\n`);
    else if (state) await Promise.all([state.finish(), rm(partial, { force: true })]);
    if (warc) await warc.close().catch(() => undefined);
    if (warc) await rm(`${warcPath}.partial`, { force: true });
    if (error instanceof Error && error.name === 'ResumeMismatch') return 2;
    return isArchiveError(error) ? (EXIT_CODES[error.code] ?? 1) : 1;
  } finally {
    process.off('SIGINT', stop);
    await fetcher?.close();
    await previous?.close();
    trace('cli: end');
  }
}
