import { test } from '../support/test.js';
import { liveCapture } from './offline-interaction.js';
import { renderFixtureTests } from './render-check.js';

// Scalar's API reference (Vue) writes each operation's section once it scrolls into view: its live
// copy is kept only when the self-check reads it as far down as the render read the original.
const check = renderFixtureTests('scalar');

test('scalar: the live copy is kept', async () => {
  test.setTimeout(90_000);
  await liveCapture(check);
});
