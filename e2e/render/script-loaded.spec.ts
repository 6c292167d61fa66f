import { renderFixtureTests } from './render-check.js';

// Everything here arrives by script: a stylesheet, images, a FontFace font, import() chunks by
// absolute path, fetch() and XHR data, workers. Its snapshot lost the FontFace font (4.4 % of
// pixels in Chromium, 9.6 % in Firefox: the font is in no stylesheet); the live copy keeps the
// scripts running on the replay layer, which hands FontFace its file in the copy.
renderFixtureTests('script-loaded');
