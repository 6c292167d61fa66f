import * as z from 'zod/mini';
import { siteOptionsSchema, type SiteOptions, type SiteOptionsInput } from './site-options.js';

/** Bad usage: exit code 2, with the message and the usage text. */
export class UsageError extends Error {}

interface NumberFlag {
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
  values: Partial<Record<NumberFlagName | 'scope', string>>,
  base: SiteOptionsInput = {},
): SiteOptions {
  const input: Record<string, unknown> = { ...base };
  for (const [flag, { option, unit }] of flagEntries) {
    const value = values[flag];
    if (value === undefined) continue;
    // Only digits make a whole number: "1e3", "0x10", "-1" and "" are refused like "abc".
    input[option] = /^\d+$/.test(value) ? Number(value) * (unit?.size ?? 1) : Number.NaN;
  }
  if (values.scope !== undefined) input.scope = values.scope;
  const parsed = siteOptionsSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const entry = flagEntries.find(([, flag]) => flag.option === issue.path[0]);
  if (entry) {
    const [flag, { option, unit }] = entry;
    throw new UsageError(`--${flag} must be ${wholeNumberIn(option, unit)} (got "${values[flag]}")`);
  }
  if (issue.code === 'invalid_value' && issue.path[0] === 'scope') {
    throw new UsageError(`--scope must be ${issue.values.map(String).join(', ').replace(/, ([^,]*)$/, ' or $1')}`);
  }
  throw new UsageError(`${issue.path.map(String).join('.')}: ${issue.message}`);
}

/** "a whole number from 1 to 128", "a whole number of seconds, at least 1": as the schema says. */
function wholeNumberIn(option: keyof SiteOptions, unit: NumberFlag['unit']): string {
  const schema = z.toJSONSchema(siteOptionsSchema.shape[option], { io: 'input', target: 'draft-2020-12' });
  const bound = (value: unknown) => (typeof value === 'number' ? value : undefined);
  const [minimum, exclusiveMinimum] = [bound(schema.minimum), bound(schema.exclusiveMinimum)];
  const [maximum, exclusiveMaximum] = [bound(schema.maximum), bound(schema.exclusiveMaximum)];
  const size = unit?.size ?? 1;
  const min = exclusiveMinimum !== undefined ? Math.floor(exclusiveMinimum / size) + 1 : Math.ceil((minimum ?? 0) / size);
  const what = `a whole number${unit ? ` of ${unit.name}` : ''}`;
  // An integer's implied bound, JavaScript's largest safe integer, is no limit a person needs to hear of.
  const limit = exclusiveMaximum ?? maximum;
  if (limit === undefined || limit >= Number.MAX_SAFE_INTEGER) return `${what}, at least ${min}`;
  const max = exclusiveMaximum !== undefined ? Math.ceil(limit / size) - 1 : Math.floor(limit / size);
  return `${what} from ${min} to ${max}`;
}
