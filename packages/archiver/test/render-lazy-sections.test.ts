import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archivePage, MemorySink, type Manifest } from '../src/index.js';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';

// An API reference as Scalar's is: it fetches its document, lays out a tall placeholder per
// operation, and writes an operation's details only once it scrolls into view (an
// IntersectionObserver), keeping them after. The render scrolls through the page, so the
// original's text has every operation; its live copy runs offline as well (its fetch() is
// answered from the recording), and must be read as far down as the original was to be kept.
const REFERENCE_JS = `
fetch('/openapi.json').then((r) => r.json()).then((spec) => {
  const root = document.getElementById('app');
  const seen = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      const operation = spec.operations[Number(entry.target.dataset.index)];
      entry.target.innerHTML = '<h2>' + operation.summary + '</h2><p>' + operation.description + '</p>';
      seen.unobserve(entry.target);
    }
  });
  spec.operations.forEach((operation, index) => {
    const section = document.createElement('section');
    section.dataset.index = String(index);
    section.style.minHeight = '700px';
    root.append(section);
    seen.observe(section);
  });
});`;
const WORDS = ['pets', 'owners', 'visits', 'vets', 'clinics', 'invoices', 'vaccines', 'appointments', 'species', 'treatments', 'rooms', 'reminders'];
const SPEC = {
  operations: WORDS.map((word) => ({
    summary: `List the ${word}`,
    description: `Answers every one of the ${word} the clinic keeps, with the ${word}' own identifiers and notes written by staff.`,
  })),
};
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Clinic API</title>
<style>body { margin: 0; font: 16px sans-serif; } h2 { margin: 0; }</style></head>
<body><div id="app"></div><script src="/reference.js"></script></body></html>`;

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture({
    '/': { body: PAGE },
    '/reference.js': { type: 'text/javascript', body: REFERENCE_JS },
    '/openapi.json': { type: 'application/json', body: JSON.stringify(SPEC) },
  });
});
afterAll(() => site.close());

describe('a page that writes its sections as they scroll into view', () => {
  it('keeps its live copy: the check reads the copy as far down as the render read the page', async () => {
    const sink = new MemorySink();
    await archivePage(`${site.origin}/`, sink, { allowPrivateNetworks: true, retries: 0, renderTimeoutMs: 15_000, checkSnapshots: true });
    const render = (JSON.parse(sink.text('sitezip-manifest.json')) as Manifest).resources[0]?.render;
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
    expect(render?.candidates?.snapshot?.textMatch).toBe(1);
  }, 60_000);
});
