import { describe, expect, it } from 'vitest';
import { dashboardUrlMessages, hasScheme, landingUrlMessages, validateUrl } from './website-url.js';

describe('validateUrl', () => {
  it.each([
    ['example.com', 'https://example.com/'],
    ['  example.com/docs?q=1  ', 'https://example.com/docs?q=1'],
    ['http://example.com', 'http://example.com/'],
    ['HTTPS://Example.COM/Path', 'https://example.com/Path'],
    ['localhost:3000', 'https://localhost:3000/'],
    ['example.com:8080/a', 'https://example.com:8080/a'],
    ['127.0.0.1', 'https://127.0.0.1/'],
    ['http://[2606:4700::1111]/', 'http://[2606:4700::1111]/'],
    ['example.com/my page', 'https://example.com/my%20page'],
  ])('accepts %j as %s', (input, url) => {
    expect(validateUrl(input, landingUrlMessages)).toEqual({ ok: true, url });
    expect(validateUrl(input, dashboardUrlMessages)).toEqual({ ok: true, url });
  });

  it.each([
    ['ftp://example.com', 'protocol'],
    ['javascript:alert(1)', 'protocol'],
    ['mailto:someone@example.com', 'protocol'],
    ['https://', 'emptyHost'],
    ['   ', 'empty'],
    ['', 'empty'],
    ['http://:8080/', 'emptyHost'],
    ['https://user@/', 'emptyHost'],
    ['exa mple.com', 'spaces'],
    ['https://my site.com/page', 'spaces'],
    ['example', 'noDot'],
    ['https://intranet/page', 'noDot'],
    ['https://exa<mple.com', 'unparseable'],
    ['example.com:99999', 'unparseable'],
  ] as const)('rejects %j (%s)', (input, key) => {
    expect(validateUrl(input, landingUrlMessages)).toEqual({ ok: false, message: landingUrlMessages[key] });
    expect(validateUrl(input, dashboardUrlMessages)).toEqual({ ok: false, message: dashboardUrlMessages[key] });
  });

  it('uses the exact wording of each page', () => {
    expect(validateUrl('  ', landingUrlMessages)).toEqual({
      ok: false,
      message: 'Please enter a valid website address (e.g., example.com)',
    });
    expect(validateUrl('  ', dashboardUrlMessages)).toEqual({ ok: false, message: 'Please enter a website URL' });
    expect(validateUrl('https://', dashboardUrlMessages)).toEqual({
      ok: false,
      message: 'Please enter a valid website address',
    });
    expect(validateUrl('intranet', dashboardUrlMessages)).toEqual({
      ok: false,
      message: 'Please enter a valid domain (e.g., example.com)',
    });
    expect(validateUrl('intranet', landingUrlMessages)).toEqual({
      ok: false,
      message: 'Please enter a valid domain name (e.g., example.com)',
    });
  });
});

describe('hasScheme', () => {
  it('tells a typed scheme from a host and port', () => {
    for (const typed of ['https://example.com', ' HTTP://example.com', 'ftp://x.org']) expect(hasScheme(typed), typed).toBe(true);
    for (const typed of ['example.com', 'localhost:3000', '127.0.0.1:8080/a', 'example.com:8080/docs']) expect(hasScheme(typed), typed).toBe(false);
  });
});
