import { renderFixtureTests } from './render-check.js';

// Measured 2026-11-23: self-check 4.42 % pixels differ (text 1.0, 0 failed, 0 online); offline
// copy against the live page 4.42 % in Chromium, 9.61 % in Firefox (text 1.0, no failed or
// online request). Cause: the font the page loads with the FontFace API (document.fonts.add)
// is in no stylesheet, so the snapshot has no @font-face for it and the copy falls back to
// sans-serif. The engine has to write FontFace fonts the page used into the snapshot.
const FONTFACE = 'FontFace fonts are not kept in the snapshot (4.4 % Chromium, 9.6 % Firefox)';
renderFixtureTests('script-loaded', { selfCheck: FONTFACE, chromium: FONTFACE, firefox: FONTFACE });
