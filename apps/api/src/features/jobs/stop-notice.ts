import type { StopCode } from '@sitezip/archiver';

const MB = 1024 * 1024;

/** What stopped a capture early, as the job's result says it to the person who asked. */
export interface StopContext {
  maxZipBytes: number;
  /** The plan's page limit, and the person's own when they asked for fewer. */
  planPages: number;
  askedPages: number | undefined;
  maxDepth: number | undefined;
}

// One sentence per way a capture can stop early: the result never leaves a cut-short ZIP unexplained.
const NOTICES: Record<StopCode, (c: StopContext) => string> = {
  'max-total-bytes': (c) => `Stopped at the ${Math.round(c.maxZipBytes / MB)} MB limit of your plan: the rest was left out.`,
  'max-pages': (c) =>
    c.askedPages !== undefined && c.askedPages < c.planPages
      ? `Stopped at the ${c.askedPages} pages you asked for.`
      : `Stopped at the ${c.planPages}-page limit of your plan.`,
  'max-depth': (c) =>
    c.maxDepth !== undefined
      ? `Pages more than ${c.maxDepth} links from the start page were left out, as you asked.`
      : 'Pages beyond the depth limit of a Full Website download were left out.',
  'max-resources': () => 'Stopped at the most files one download may fetch: the rest was left out.',
  trap: () => 'Some links were left out as a crawler trap (endless variants of one page, such as a calendar).',
  'total-timeout': () => 'Stopped at the time limit of a download: what was saved by then is in the ZIP.',
  'page-not-parsed': () => 'The page was too large or too complex to read, so it was saved as downloaded and its files were not fetched.',
};

export function stopNotice(code: StopCode | undefined, context: StopContext): string {
  return code ? ` ${NOTICES[code](context)}` : '';
}
