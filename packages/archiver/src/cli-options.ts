import { archiveOptionsSchema, type ArchiveOptions } from './options.js';
import { siteOptionsSchema, type SiteOptions, type SiteOptionsInput } from './site-options.js';

/** Bad usage: exit code 2, with the message and the usage text. */
export class UsageError extends Error {}

/**
 * A flag value the options schema refused. Its message names the allowed range, read from the
 * schema only then (cli-flag-range.ts): the converter that reads it is not loaded at start-up.
 */
export class BadFlagValue extends UsageError {
  constructor(
    readonly flag: string,
    readonly option: keyof SiteOptions,
    readonly unit: NumberFlag['unit'],
    readonly value: string | undefined,
  ) {
    super(`--${flag} has a value out of range (got "${value}")`);
  }
}

export interface NumberFlag {
  option: keyof SiteOptions;
  /** The flag is typed in a larger unit than the option holds (seconds for milliseconds). */
  unit?: { name: string; size: number };
}

/** The flags that take a whole number, and the option each one sets. */
export const numberFlags = {
  'max-resources': { option: 'maxResources' },
  'max-bytes': { option: 'maxTotalBytes' },
  timeout: { option: 'totalTimeoutMs', unit: { name: 'seconds', size: 1000 } },
  'resource-timeout': { option: 'resourceTimeoutMs', unit: { name: 'seconds', size: 1000 } },
  'render-timeout': { option: 'renderTimeoutMs', unit: { name: 'seconds', size: 1000 } },
  connections: { option: 'connectionsPerOrigin' },
  streams: { option: 'streamsPerOrigin' },
  'max-pages': { option: 'maxPages' },
  'max-depth': { option: 'maxDepth' },
} as const satisfies Record<string, NumberFlag>;

export type NumberFlagName = keyof typeof numberFlags;
const flagEntries = Object.entries(numberFlags) as [NumberFlagName, NumberFlag][];

/**
 * Options from the command line, checked once by the engine's own schema: its bounds and
 * defaults live there and nowhere else. A value the schema refuses (out of bounds, not a whole
 * number) is a UsageError that names the flag and the range the schema allows.
 */
export function optionsFromFlags(
  values: Partial<Record<NumberFlagName | 'scope' | 'render', string>>,
  base: SiteOptionsInput = {},
  /** A site capture (--full): its defaults differ (every page, no count of files). */
  site = true,
): ArchiveOptions {
  const input: Record<string, unknown> = { ...base };
  for (const [flag, { option, unit }] of flagEntries) {
    const value = values[flag];
    if (value === undefined) continue;
    // Only digits make a whole number: "1e3", "0x10", "-1" and "" are refused like "abc".
    input[option] = /^\d+$/.test(value) ? Number(value) * (unit?.size ?? 1) : Number.NaN;
  }
  if (values.scope !== undefined) input.scope = values.scope;
  if (values.render !== undefined) input.render = values.render;
  const parsed = (site ? siteOptionsSchema : archiveOptionsSchema).safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const entry = flagEntries.find(([, flag]) => flag.option === issue.path[0]);
  if (entry) {
    const [flag, { option, unit }] = entry;
    throw new BadFlagValue(flag, option, unit, values[flag]);
  }
  if (issue.code === 'invalid_value' && (issue.path[0] === 'scope' || issue.path[0] === 'render')) {
    throw new UsageError(`--${String(issue.path[0])} must be ${issue.values.map(String).join(', ').replace(/, ([^,]*)$/, ' or $1')}`);
  }
  throw new UsageError(`${issue.path.map(String).join('.')}: ${issue.message}`);
}
