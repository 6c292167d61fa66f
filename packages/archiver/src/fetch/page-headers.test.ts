import { describe, expect, it } from 'vitest';
import { pageHeaders } from './page-headers.js';

describe('pageHeaders', () => {
  it('keeps what a page’s script sets for its body and its API', () => {
    const set = {
      'content-type': 'application/json',
      origin: 'https://docs.example',
      'x-requested-with': 'XMLHttpRequest',
      'x-algolia-api-key': 'public',
      'apollographql-client-name': 'web',
      'apollo-require-preflight': 'true',
    };
    expect(pageHeaders(set)).toEqual(set);
  });

  it('keeps the headers with which Next.js asks its server for RSC payloads instead of HTML', () => {
    const set = {
      rsc: '1',
      'next-router-state-tree': '%5B%22%22%5D',
      'next-router-prefetch': '1',
      'next-router-segment-prefetch': '/_tree',
      'next-url': '/docs',
    };
    expect(pageHeaders(set)).toEqual(set);
  });

  it('keeps the headers with which htmx asks for the part it swaps in', () => {
    const set = { 'hx-request': 'true', 'hx-current-url': 'https://shop.example/', 'hx-target': 'tab-content', 'hx-trigger': 'tab-2' };
    expect(pageHeaders(set)).toEqual(set);
  });

  it.each([
    'cookie',
    'authorization',
    'host',
    'content-length',
    'user-agent',
    'accept-encoding',
    'sec-fetch-site',
    'referer',
    'x-http-method-override',
    'x-http-method',
    'x-method-override',
    'x-forwarded-for',
    'x-forwarded-host',
    'x-real-ip',
    'x-original-url',
  ])('leaves out %s', (name) => {
    expect(pageHeaders({ [name]: 'value' })).toEqual({});
  });

  it('leaves out a value that would start a header of its own', () => {
    expect(pageHeaders({ 'x-api-key': 'a\r\nx-http-method-override: DELETE' })).toEqual({});
  });
});
