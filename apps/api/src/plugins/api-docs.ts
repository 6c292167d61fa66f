import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { authResponseSchema, downloadResponseSchema, errorBodySchema, jobProgressSchema, jobViewSchema, userSchema } from '@sitezip/contracts';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_TAGS } from '../lib/route-schema.js';
import { webAppCsp } from './security-headers.js';

export const DOCS_PREFIX = '/docs';

/** Contracts shown once under components/schemas and referred to by name. */
const NAMED_SCHEMAS: [z.ZodType, string][] = [
  [errorBodySchema, 'Error'],
  [userSchema, 'User'],
  [authResponseSchema, 'AuthResponse'],
  [downloadResponseSchema, 'DownloadResponse'],
  [jobProgressSchema, 'JobProgress'],
  [jobViewSchema, 'Job'],
];

function nameSchemas(): void {
  for (const [schema, id] of NAMED_SCHEMAS) if (!z.globalRegistry.has(schema)) z.globalRegistry.add(schema, { id });
}

type WithSchemas = { components?: { schemas?: Record<string, unknown> } };

/** Named schemas come out twice (as request and as response); keep those something refers to. */
function withoutUnusedSchemas<D extends object>(document: D): D {
  const { components } = document as WithSchemas;
  const schemas = { ...components?.schemas };
  for (let removed = true; removed; ) {
    removed = false;
    const text = JSON.stringify({ ...document, components: { ...components, schemas } });
    for (const name of Object.keys(schemas)) {
      if (!text.includes(`"#/components/schemas/${name}"`)) {
        delete schemas[name];
        removed = true;
      }
    }
  }
  return { ...document, components: { ...components, schemas } };
}

/**
 * OpenAPI 3.1 at /docs/json, built from the routes' zod schemas, and Swagger UI at /docs.
 * Register before any route: the document is collected as routes are added. The UI runs under
 * the web app's own Content-Security-Policy (its files are all served from here).
 */
export async function apiDocs(app: FastifyInstance, apiUrl: string | undefined): Promise<void> {
  nameSchemas();
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'sitezip API',
        version: '1.0.0',
        description:
          'Turns a website address into a ZIP that opens offline. Every error answers `{"detail": "..."}` with a fitting status; the detail is written for people.',
      },
      tags: API_TAGS.map((tag) => ({ ...tag })),
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The `access_token` of /auth/login or /auth/register.' },
          adminToken: { type: 'apiKey', in: 'header', name: 'X-Admin-Token', description: 'Random per server start, readable only from DATA_DIR.' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (document) => withoutUnusedSchemas(jsonSchemaTransformObject(document)),
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: webAppCsp(apiUrl),
    // Without the top bar: its logo is an SVG with an inline <style>, which the CSP refuses.
    uiConfig: { layout: 'BaseLayout', deepLinking: true },
    uiHooks: {
      onRequest: async (_request, reply) => {
        reply.header('x-frame-options', 'DENY');
      },
    },
  });
}
