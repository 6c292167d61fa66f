import * as z from 'zod/mini';
import type { BadFlagValue, NumberFlag } from './cli-options.js';
import { siteOptionsSchema, type SiteOptions } from './site-options.js';

/** The usage message for a refused flag value, with the range the schema allows. */
export function badFlagMessage(error: BadFlagValue): string {
  return `--${error.flag} must be ${wholeNumberIn(error.option, error.unit)} (got "${error.value}")`;
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
