import type { FixtureRoute } from '../../../../packages/archiver/test/support/fixture-site.js';

const MB = 1024 * 1024;

/**
 * A page of `megabytes` MB of HTML, streamed without holding it: more than a capture with a
 * small memory limit can take in. `reached` resolves once a capture asked for it.
 */
export function hugePage(megabytes: number): { route: FixtureRoute; reached: Promise<void> } {
  let requested!: () => void;
  const reached = new Promise<void>((resolve) => (requested = resolve));
  const total = megabytes * MB;
  const chunk = Buffer.alloc(MB, '<p>x</p>');
  return {
    reached,
    route: {
      handle: (_request, response) => {
        requested();
        response.writeHead(200, { 'content-type': 'text/html', 'content-length': String(total) });
        let sent = 0;
        const pump = () => {
          while (sent < total) {
            sent += chunk.length;
            if (!response.write(chunk)) return void response.once('drain', pump);
          }
          response.end();
        };
        pump();
      },
    },
  };
}
