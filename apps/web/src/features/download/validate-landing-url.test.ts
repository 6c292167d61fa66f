import { describe, expect, it } from 'vitest';
import { urlMessages, validateLandingUrl } from './validate-landing-url';

describe('validateLandingUrl', () => {
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
    expect(validateLandingUrl(input)).toEqual({ ok: true, url });
  });

  it.each([
    ['ftp://example.com', urlMessages.protocol],
    ['javascript:alert(1)', urlMessages.protocol],
    ['mailto:someone@example.com', urlMessages.protocol],
    ['https://', urlMessages.emptyHost],
    ['   ', urlMessages.emptyHost],
    ['http://:8080/', urlMessages.emptyHost],
    ['https://user@/', urlMessages.emptyHost],
    ['exa mple.com', urlMessages.spaces],
    ['https://my site.com/page', urlMessages.spaces],
    ['example', urlMessages.noDot],
    ['https://intranet/page', urlMessages.noDot],
    ['https://exa<mple.com', urlMessages.unparseable],
    ['example.com:99999', urlMessages.unparseable],
  ])('rejects %j', (input, message) => {
    expect(validateLandingUrl(input)).toEqual({ ok: false, message });
  });
});
