import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FixtureRoute } from './support/fixture-site.js';
import { recordRequest, type SeenRequest } from './support/render-site.js';

// A page that builds itself from POSTs, as GraphQL clients (Apollo, urql, Relay) and search
// boxes do: two queries to one /graphql URL with different bodies (one of them asked twice),
// a form-encoded XHR, bodies sent as bytes and as a Blob, and a synchronous XHR of a typed array.

const INDEX = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Otters</title></head><body>
<h1 id="title">Loading…</h1>
<p>Pets: <span id="pets">…</span></p>
<p>Again: <span id="again">…</span></p>
<p>Search: <span id="search">…</span></p>
<p>Bytes: <span id="bytes">…</span></p>
<p>Blob: <span id="blob">…</span></p>
<p>Sync: <span id="sync">…</span></p>
<script src="/app.js"></script>
</body></html>`;

const APP = `
const show = (id, text) => { document.getElementById(id).textContent = text; };
const graphql = (query, variables) =>
  fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) })
    .then((response) => response.json());
graphql('query Title { site { title } }').then((answer) => show('title', answer.data.site.title));
graphql('query Pets($first: Int) { pets(first: $first) { name } }', { first: 2 })
  .then((answer) => show('pets', answer.data.pets.map((pet) => pet.name).join(' and ')));
graphql('query Title { site { title } }').then((answer) => show('again', answer.data.site.title + ' (asked twice)'));
const xhr = new XMLHttpRequest();
xhr.open('POST', '/search');
xhr.setRequestHeader('content-type', 'application/x-www-form-urlencoded');
xhr.onload = () => show('search', xhr.responseText);
xhr.send(new URLSearchParams({ q: 'otter', page: '1' }));
fetch('/echo', { method: 'POST', body: new TextEncoder().encode('sent as bytes') }).then((r) => r.text()).then((text) => show('bytes', text));
fetch('/echo', { method: 'POST', body: new Blob(['sent as a Blob']) }).then((r) => r.text()).then((text) => show('blob', text));
const sync = new XMLHttpRequest();
sync.open('POST', '/echo', false);
sync.send(new Uint16Array([0x6f73, 0x6b2c]));
show('sync', sync.responseText + ' (synchronous XHR)');
`;

/** A page that asks for what a capture never sends: a PUT, a beacon, a body past the cap. */
const REFUSED = `<!doctype html><title>Refused</title><p id="put">…</p><script>
navigator.sendBeacon('/collect', 'seen');
fetch('/echo', { method: 'POST', body: 'x'.repeat(1024 * 1024 + 1) });
fetch('/graphql', { method: 'PUT', body: '{"pets":[]}' }).then(() => { document.getElementById('put').textContent = 'PUT sent'; },
  () => { document.getElementById('put').textContent = 'PUT refused'; });
</script>`;

export const GRAPHQL_ANSWERS: Record<string, unknown> = {
  'query Title { site { title } }': { data: { site: { title: 'Otters of the world' } } },
  'query Pets($first: Int) { pets(first: $first) { name } }': { data: { pets: [{ name: 'Ollie' }, { name: 'Pip' }] } },
};

/** What the rendered page and its live copy show once every POST was answered. */
export const SHOWN = [
  'Otters of the world',
  'Ollie and Pip',
  'Otters of the world (asked twice)',
  'results for otter, page 1',
  'echo: sent as bytes',
  'echo: sent as a Blob',
  'echo: so,k (synchronous XHR)',
];

/** The fixture's routes; every request to the POST endpoints is kept in `seen` with its body. */
export function postRoutes(seen: SeenRequest[]): Record<string, FixtureRoute> {
  const byBody = (answer: (body: string) => { type: string; body: string }): FixtureRoute => ({
    handle: (request: IncomingMessage, response: ServerResponse) =>
      recordRequest(request, seen, (body) => {
        const reply = answer(body);
        response.writeHead(request.method === 'POST' ? 200 : 405, { 'content-type': reply.type }).end(reply.body);
      }),
  });
  return {
    '/': { body: INDEX },
    '/refused': { body: REFUSED },
    '/app.js': { type: 'text/javascript', body: APP },
    '/graphql': byBody((body) => {
      const { query } = JSON.parse(body) as { query: string };
      return { type: 'application/json', body: JSON.stringify(GRAPHQL_ANSWERS[query] ?? { errors: [{ message: 'unknown query' }] }) };
    }),
    '/search': byBody((body) => {
      const form = new URLSearchParams(body);
      return { type: 'text/plain', body: `results for ${form.get('q')}, page ${form.get('page')}` };
    }),
    '/echo': byBody((body) => ({ type: 'text/plain', body: `echo: ${body}` })),
    '/collect': byBody(() => ({ type: 'text/plain', body: '' })),
  };
}
