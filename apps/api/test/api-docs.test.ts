import { Validator } from '@seriousme/openapi-schema-validator';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

// The app's route table, seen through fastify's onRoute hook: every route, with its options.
const routes = vi.hoisted(() => new Map<string, RouteOptions>());
vi.mock('fastify', async (importOriginal) => {
  const fastify = await importOriginal<typeof import('fastify')>();
  const listing = ((options?: object) =>
    fastify.default(options).addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat()) routes.set(`${method} ${route.url}`, route);
    })) as unknown as typeof fastify.default;
  return { ...fastify, default: listing, fastify: listing };
});

interface Operation {
  summary?: string;
  responses: Record<string, { description: string; content?: Record<string, { schema: { $ref?: string } }> }>;
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

/** `/jobs/:id` → `/jobs/{id}`, as OpenAPI writes a path. */
const openApiPath = (url: string) => url.replace(/:([^/]+)/g, '{$1}').replace(/\*$/, '{*}');

describe('API documentation', () => {
  let t: TestApp;
  let document: Document;
  beforeAll(async () => {
    routes.clear();
    t = await createTestApp('pglite');
    await t.app.ready();
    const response = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    document = response.json();
  });
  afterAll(() => t.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toMatch(/^3\.1\./);
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('documents every route of the app with a summary, a success and its {detail} errors', () => {
    const api = [...routes.entries()].filter(([key, route]) => !key.startsWith('HEAD ') && !route.url.startsWith('/docs'));
    expect(api.length).toBeGreaterThanOrEqual(11);
    const problems: string[] = [];
    for (const [key, route] of api) {
      const operation = document.paths[openApiPath(route.url)]?.[String(route.method).toLowerCase()];
      if (!operation) {
        problems.push(`${key}: not in /docs/json (a route needs schema: routeSchema({...}))`);
        continue;
      }
      const statuses = Object.keys(operation.responses);
      if (!operation.summary) problems.push(`${key}: no summary`);
      if (!statuses.some((status) => /^[23]/.test(status))) problems.push(`${key}: no success response`);
      const errors = statuses.filter((status) => /^[45]/.test(status));
      if (!errors.includes('500')) problems.push(`${key}: no error responses`);
      for (const status of errors) {
        const schema = operation.responses[status]?.content?.['application/json']?.schema;
        if (schema?.$ref !== '#/components/schemas/Error') problems.push(`${key}: ${status} is not a {detail} error`);
      }
    }
    expect(problems).toEqual([]);
    // Nothing documented that the app does not serve.
    const served = new Set(api.map(([, route]) => `${String(route.method).toLowerCase()} ${openApiPath(route.url)}`));
    const documented = Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method} ${path}`));
    expect(documented.filter((operation) => !served.has(operation))).toEqual([]);
  });

  it('shows request bodies from the contracts schemas, and names shared shapes', () => {
    const register = document.paths['/auth/register']!.post as Operation & { requestBody: { content: Record<string, { schema: { properties: object } }> } };
    expect(Object.keys(register.requestBody.content['application/json']!.schema.properties)).toEqual(['name', 'email', 'password']);
    expect(register.responses['422']!.description).toMatch(/detail/);
    expect(Object.keys(document.components.schemas)).toEqual(expect.arrayContaining(['Error', 'User', 'AuthResponse', 'Job']));
  });

  it('serves Swagger UI at /docs under the app security headers', async () => {
    for (const url of ['/docs', '/docs/']) {
      const page = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('swagger-initializer.js');
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      expect(page.headers['x-frame-options']).toBe('DENY');
    }
    const script = await t.app.inject({ method: 'GET', url: '/docs/static/swagger-ui-bundle.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
  });
});
