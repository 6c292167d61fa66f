import { describe, expect, it } from 'vitest';
import { isArchiveError } from './errors.js';
import { parsePageUrl, routeOf, withDefaultScheme } from './page-url.js';

describe('withDefaultScheme', () => {
  it.each([
    ['example.com', 'https://example.com'],
    ['  example.com/docs?q=1 ', 'https://example.com/docs?q=1'],
    ['example.com:8080', 'https://example.com:8080'],
    ['example.com:8080/a', 'https://example.com:8080/a'],
    ['localhost:3000', 'https://localhost:3000'],
    ['[::1]:8080', 'https://[::1]:8080'],
    ['http://example.com', 'http://example.com'],
    ['HTTPS://Example.com', 'HTTPS://Example.com'],
    ['ftp://example.com', 'ftp://example.com'],
    ['mailto:someone@example.com', 'mailto:someone@example.com'],
  ])('reads %j as %s', (typed, url) => {
    expect(withDefaultScheme(typed)).toBe(url);
  });
});

describe('parsePageUrl', () => {
  it('accepts http(s) addresses, without their fragment', () => {
    expect(parsePageUrl(withDefaultScheme('example.com:8080/a#top'))).toBe('https://example.com:8080/a');
    expect(parsePageUrl('http://[2606:4700::1111]/')).toBe('http://[2606:4700::1111]/');
  });

  it.each([['ftp://example.com'], ['mailto:someone@example.com'], ['https://exa mple.com'], ['https://']])('refuses %j as INVALID_URL', (url) => {
    let error: unknown;
    try {
      parsePageUrl(withDefaultScheme(url));
    } catch (caught) {
      error = caught;
    }
    expect(isArchiveError(error) && error.code).toBe('INVALID_URL');
  });
});

describe('routeOf', () => {
  it("gives a hash router's route, not a place on the page", () => {
    expect(routeOf('https://example.com/#/guide?id=install')).toBe('#/guide?id=install');
    expect(routeOf('https://example.com/app/#!/pets/4')).toBe('#!/pets/4');
    expect(routeOf('https://example.com/docs#install')).toBe('');
    expect(routeOf('https://example.com/docs')).toBe('');
    expect(routeOf('https://example.com/#')).toBe('');
    // Backbone's and Sammy's routes have no first slash; a place on the page has no slash at all.
    expect(routeOf('https://example.com/#packages/backbone')).toBe('#packages/backbone');
    expect(routeOf('https://example.com/app#search/date?page=2')).toBe('#search/date?page=2');
    expect(routeOf('https://example.com/docs#method(java.lang.String)')).toBe('');
    expect(routeOf('https://example.com/docs#!top')).toBe('');
  });
});
