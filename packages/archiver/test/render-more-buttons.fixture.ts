import type { FixtureRoute } from './support/fixture-site.js';

// A list whose "Load more notes" button fetches the next part by an address its script computes
// (`'/api/notes?page=' + page`): no markup names it, so a render that never pressed the button
// had no answer for it, and offline the button did nothing. A button labelled for more that
// posts ("Show more: mark all read") must never reach the server. Shared by
// render-more-buttons.test.ts and e2e/render/more-buttons.spec.ts.

export const NOTES: Record<number, { items: string[]; next: boolean }> = {
  1: { items: ['Swifts over the quarry', 'A kestrel hovering', 'Heron at the weir'], next: true },
  2: { items: ['Dipper on the stones', 'Grey wagtail', 'Kingfisher, briefly'], next: true },
  3: { items: ['Barn owl at dusk', 'Tawny owl calling', 'Nightjar churring'], next: false },
};

export const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Field notes</title></head><body>
<h1>Field notes</h1><ul id="notes"></ul>
<button id="more" type="button">Load more notes</button>
<button id="read" type="button">Show more: mark all read</button>
<p id="status"></p>
<script>
let page = 0;
async function more() {
  page += 1;
  const notes = await (await fetch('/api/notes?page=' + page)).json();
  for (const note of notes.items) {
    const item = document.createElement('li');
    item.textContent = note;
    document.getElementById('notes').append(item);
  }
  if (!notes.next) document.getElementById('more').remove();
}
document.getElementById('more').addEventListener('click', () => more().catch((error) => (document.getElementById('status').textContent = 'Could not load: ' + error)));
document.getElementById('read').addEventListener('click', () => fetch('/api/read', { method: 'POST' }));
more();
</script></body></html>`;

/** The site: the list at `/`, an about page linking to it; `posted` gets each request that reached `/api/read`. */
export function moreButtonRoutes(posted: string[]): Record<string, FixtureRoute> {
  return {
    '/': { body: PAGE },
    '/about': { body: `<!doctype html><title>About</title><h1>About the notes</h1><a href="/">Notes</a>` },
    ...Object.fromEntries(Object.entries(NOTES).map(([page, notes]) => [`/api/notes?page=${page}`, { type: 'application/json', body: JSON.stringify(notes) }])),
    '/api/read': {
      handle: (request, response) => {
        posted.push(`${request.method ?? ''} ${request.url ?? ''}`);
        response.writeHead(204).end();
      },
    },
  };
}
