import { renderFixtureTests } from './render-check.js';

renderFixtureTests('swagger-ui');
