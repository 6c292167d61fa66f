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

// A page that posts FormData, whose multipart boundary is random at every send: fields only by
// fetch() and by a synchronous XHR, a File and a Blob by fetch() and by an asynchronous XHR, and a
// Request built from a FormData.
const FORMS = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Forms</title></head><body>
<p>Fields: <span id="fields">…</span></p>
<p>Files: <span id="files">…</span></p>
<p>XHR: <span id="xhr">…</span></p>
<p>Sync: <span id="sync">…</span></p>
<p>Request: <span id="request">…</span></p>
<script src="/forms.js"></script>
</body></html>`;

const FORMS_APP = `
const show = (id, text) => { document.getElementById(id).textContent = text; };
const form = (entries) => { const data = new FormData(); for (const [name, value, filename] of entries) filename ? data.append(name, value, filename) : data.append(name, value); return data; };
const photo = () => new File([new Uint8Array([137, 80, 78, 71, 13, 10])], 'otter "1".png', { type: 'image/png' });
const post = (body) => fetch('/form', { method: 'POST', body }).then((r) => r.text());
post(form([['q', 'otter'], ['note', 'two\\nlines'], ['city', 'Köln']])).then((text) => show('fields', text));
post(form([['photo', photo()], ['notes', new Blob(['a blob'], { type: 'text/plain' }), 'notes.txt'], ['q', 'otter']])).then((text) => show('files', text));
const xhr = new XMLHttpRequest();
xhr.open('POST', '/form');
xhr.onload = () => show('xhr', xhr.responseText);
xhr.send(form([['by', 'xhr'], ['photo', photo()]]));
const sync = new XMLHttpRequest();
sync.open('POST', '/form', false);
sync.send(form([['by', 'synchronous xhr'], ['page', '2']]));
show('sync', sync.responseText);
fetch(new Request('/form', { method: 'POST', body: form([['by', 'request'], ['photo', photo()]]) })).then((r) => r.text()).then((text) => show('request', text));
`;

/** What the FormData page and its live copy show once every POST was answered. */
export const FORMS_SHOWN = [
  'form: q=otter; note=two⏎lines; city=Köln',
  'form: photo=otter "1".png (image/png, 6 bytes); notes=notes.txt (text/plain, 6 bytes); q=otter',
  'form: by=xhr; photo=otter "1".png (image/png, 6 bytes)',
  'form: by=synchronous xhr; page=2',
  'form: by=request; photo=otter "1".png (image/png, 6 bytes)',
];

/** Answers a multipart POST with what it holds, parsed by Node's own FormData (undici). */
function describeForm(seen: SeenRequest[]): FixtureRoute {
  return {
    handle: (request: IncomingMessage, response: ServerResponse) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks);
        seen.push({ method: request.method ?? '', path: request.url ?? '', userAgent: request.headers['user-agent'], body: body.toString('latin1') });
        const parsed = new Request('http://fixture.test/', { method: 'POST', headers: { 'content-type': request.headers['content-type'] ?? '' }, body });
        parsed.formData().then(
          (form) => {
            const fields = [...form].map(([name, value]) =>
              typeof value === 'string' ? `${name}=${value.replace(/\r\n/g, '⏎')}` : `${name}=${value.name} (${value.type}, ${value.size} bytes)`,
            );
            response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(`form: ${fields.join('; ')}`);
          },
          () => response.writeHead(400, { 'content-type': 'text/plain' }).end('not a form'),
        );
      });
    },
  };
}

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
    '/forms': { body: FORMS },
    '/forms.js': { type: 'text/javascript', body: FORMS_APP },
    '/form': describeForm(seen),
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
