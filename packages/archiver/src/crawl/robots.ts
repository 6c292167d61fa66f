import * as robotsParserModule from 'robots-parser';
import type { Fetcher } from '../fetch/fetcher.js';

type RobotsParser = typeof import('robots-parser').default;
// robots-parser is CommonJS: its function is the module itself, whatever its types say.
const loaded = robotsParserModule as unknown as { default?: RobotsParser };
const robotsParser: RobotsParser = loaded.default ?? (loaded as unknown as RobotsParser);

export const USER_AGENT_TOKEN = 'sitezip';

export interface RobotsRules {
  allows(url: string): boolean;
  /** Crawl-delay for us (group `sitezip`, else `*`), in milliseconds. */
  crawlDelayMs: number | undefined;
  sitemaps: string[];
}

const allowAll: RobotsRules = { allows: () => true, crawlDelayMs: undefined, sitemaps: [] };

/** Parses robots.txt text for `origin`; matching follows the group `sitezip`, then `*`. */
export function parseRobots(origin: string, text: string): RobotsRules {
  const robots = robotsParser(`${origin}/robots.txt`, text);
  const delay = robots.getCrawlDelay(USER_AGENT_TOKEN);
  return {
    allows: (url) => robots.isAllowed(url, USER_AGENT_TOKEN) !== false,
    crawlDelayMs: delay === undefined ? undefined : Math.min(delay, 60) * 1000,
    sitemaps: robots.getSitemaps(),
  };
}

/** Fetches and parses robots.txt; a missing or broken one allows everything (as the standard says for 4xx). */
export async function loadRobots(fetcher: Fetcher, origin: string, signal: AbortSignal): Promise<RobotsRules> {
  try {
    const response = await fetcher.fetch(`${origin}/robots.txt`, { signal });
    if (response.status >= 400 || response.mimeType === 'text/html') return allowAll;
    return parseRobots(origin, response.body.toString('utf8'));
  } catch {
    return allowAll;
  }
}

/** robots.txt of each origin, fetched once per crawl on first need; everything is allowed when the crawl ignores it. */
export class RobotsMemo {
  private readonly rules = new Map<string, Promise<RobotsRules>>();

  constructor(
    private readonly fetcher: Fetcher,
    private readonly signal: AbortSignal,
    private readonly respect: boolean,
  ) {}

  for(origin: string): Promise<RobotsRules> {
    let rules = this.rules.get(origin);
    if (!rules) {
      rules = this.respect ? loadRobots(this.fetcher, origin, this.signal) : Promise.resolve(allowAll);
      this.rules.set(origin, rules);
    }
    return rules;
  }
}
