import { renderFixtureTests } from './render-check.js';

renderFixtureTests('redoc');
