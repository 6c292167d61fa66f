import { serveRenderFixture, RENDER_FIXTURES } from '../packages/archiver/test/support/render-fixtures.js';
const name = process.argv[2] ?? 'react-router';
const f = RENDER_FIXTURES.find((x: { name: string }) => x.name === name)!;
const s = await serveRenderFixture(f, { latencyMs: 40 });
console.log(s.url);
await new Promise(() => {});
