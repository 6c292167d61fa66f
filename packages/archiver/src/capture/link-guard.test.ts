import { describe, expect, it } from 'vitest';
import { routesLinks } from './link-guard.js';

describe('routesLinks', () => {
  it('finds the marks of routers that fetch the next page', () => {
    for (const html of [
      '<meta name="astro-view-transitions-enabled" content="true"><script type="module" src="/_astro/ClientRouter.js"></script>',
      '<script src="/assets/turbo.min.js"></script><a href="/x">x</a>',
      '<meta name="turbo-cache-control" content="no-cache"><script src="/app.js"></script>',
      '<body hx-boost="true"><script src="/htmx.min.js"></script>',
      '<div data-barba="wrapper"></div><script src="/app.js"></script>',
      '<script src="https://unpkg.com/swup@4"></script>',
      '<script id="__config" type="application/json">{"features":["navigation.instant"]}</script><script src="/bundle.js"></script>',
      '<a href="/about" wire:navigate>About</a><script src="/livewire.js"></script>',
    ]) expect(routesLinks(html), html).toBe(true);
  });

  it('finds none in a page without such a router, or without scripts (a snapshot)', () => {
    expect(routesLinks('<script src="/app.js"></script><a href="/turbo-charged.html">Turbo engines</a>')).toBe(false);
    expect(routesLinks('<body hx-boost="false"><script src="/htmx.min.js"></script>')).toBe(false);
    expect(routesLinks('<meta name="astro-view-transitions-enabled" content="true"><p>No scripts left</p>')).toBe(false);
  });
});
