import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { HttpError } from '../lib/http-error.js';

/**
 * Validates a request part with the route's contracts schema. A body that is not an object
 * (absent, `null`, a number) is read as `{}`, so the person gets the schema's own words ("Please
 * fill in all fields") rather than a type error; the first problem becomes a 422 `{detail}`.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const input = httpPart === 'body' && (typeof data !== 'object' || data === null) ? {} : data;
    const result = schema.safeParse(input);
    if (result.success) return { value: result.data };
    return { error: new HttpError(422, result.error.issues[0]?.message ?? 'Invalid request') };
  };

/**
 * Every route's `schema` holds zod schemas: requests are validated and responses written through
 * them (a response that breaks its contract is a 500, not a surprise for the client).
 */
export function validateWithZod(app: FastifyInstance): void {
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
}
