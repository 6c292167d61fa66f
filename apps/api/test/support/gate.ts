import type { FixtureRoute } from '../../../../packages/archiver/test/support/fixture-site.js';

/** A fixture page that answers only once `open()` is called: keeps jobs running on purpose. */
export function gatedPage(body = '<p>gated</p>'): { route: FixtureRoute; open(): void } {
  let release!: () => void;
  const opened = new Promise<void>((resolve) => (release = resolve));
  return {
    route: {
      handle: (_request, response) => {
        void opened.then(() => response.writeHead(200, { 'content-type': 'text/html' }).end(body));
      },
    },
    open: () => release(),
  };
}
