import { describe, expect, it } from 'vitest';
import { bodyTextProblem } from './body-text.js';

describe('bodyTextProblem', () => {
  it.each([
    { email: 'a\u0000b' },
    { name: '\u0000' },
    { 'ke\u0000y': 'value' },
    ['ok', ['deeper', { password: 'x\u0000' }]],
    'a\u0000',
    { name: '\ud800' },
    { name: 'x\udfff' },
    { name: '\udc00\ud800' },
    { name: '😀'.slice(0, 1) },
    JSON.parse(`${'['.repeat(40)}${']'.repeat(40)}`),
  ])('refuses %j', (body) => {
    expect(bodyTextProblem(body)).toEqual(expect.any(String));
  });

  it.each([undefined, null, 42, 'plain', { name: 'Ada 😀', email: 'ada@example.com', tags: ['a', 'b'] }, [], {}, { n: null, b: true }])(
    'accepts %j',
    (body) => {
      expect(bodyTextProblem(body)).toBeUndefined();
    },
  );
});
