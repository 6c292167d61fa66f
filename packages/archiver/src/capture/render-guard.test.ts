import { describe, expect, it } from 'vitest';
import { GUARD_LIMITS, RenderGuard, routeShape, type GuardPlan } from './render-guard.js';

/** Plans a page and, when it is to be checked, settles it with `live`. */
async function page(guard: RenderGuard, shape: string, live: boolean): Promise<GuardPlan> {
  const plan = await guard.plan(shape);
  if (plan.check) guard.settle(shape, plan.decides, live, 1_000);
  return plan;
}

describe('RenderGuard', () => {
  it('lets the first page decide, then checks the first page of each new shape', async () => {
    const guard = new RenderGuard();
    expect(await page(guard, '/0', true)).toEqual({ check: true, decides: 'site' });
    expect(guard.output).toBe('live');
    expect(await page(guard, '/docs/2', true)).toEqual({ check: true, decides: 'page' });
    expect(await page(guard, '/docs/2', true)).toMatchObject({ check: false, output: 'live', by: 'shape' });
    expect(guard.checked).toBe(2);
  });

  it('saves the later pages of a shape that failed as snapshots, and the whole site after two failures', async () => {
    const guard = new RenderGuard();
    await page(guard, '/0', true);
    expect(await page(guard, '/guides/2', false)).toEqual({ check: true, decides: 'page' });
    expect(await page(guard, '/guides/2', true)).toMatchObject({ check: false, output: 'snapshot', by: 'shape' });
    expect(guard.output).toBe('live');
    expect(await page(guard, '/about/1', true)).toMatchObject({ check: true });
    expect(await page(guard, '/team/2', false)).toMatchObject({ check: true });
    expect(guard.output).toBe('snapshot');
    expect(await page(guard, '/about/1', true)).toMatchObject({ check: false, output: 'snapshot', by: 'site', note: expect.stringContaining('2 live copies failed') });
  });

  it("counts the first page's failure as one: the site's other shapes are checked, until a second failure", async () => {
    const guard = new RenderGuard();
    expect(guard.mayCheck).toBe(true);
    await page(guard, '/0', false);
    expect(guard.mayCheck).toBe(true);
    expect(await page(guard, '/0', true)).toMatchObject({ check: false, output: 'snapshot', by: 'shape' });
    expect(await page(guard, '/docs/2', true)).toEqual({ check: true, decides: 'page' });
    expect(await page(guard, '/docs/2', true)).toMatchObject({ check: false, output: 'live', by: 'shape' });
    expect(await page(guard, '/api/3', false)).toEqual({ check: true, decides: 'page' });
    expect(guard.mayCheck).toBe(false);
    expect(await page(guard, '/docs/2', true)).toMatchObject({ check: false, output: 'snapshot', by: 'site', note: expect.stringContaining('2 live copies failed') });
    expect(guard.checked).toBe(3);
  });

  it('takes a check that did not finish for no outcome: the next page of its shape is checked, no failure counted', async () => {
    const guard = new RenderGuard();
    await page(guard, '/0', true);
    const plan = await guard.plan('/docs/2');
    expect(plan).toEqual({ check: true, decides: 'page' });
    guard.settle('/docs/2', 'page', undefined, 8_000);
    expect(await page(guard, '/docs/2', true)).toEqual({ check: true, decides: 'page' });
    await page(guard, '/api/3', false);
    expect(await page(guard, '/guide/1', true)).toEqual({ check: true, decides: 'page' });
    expect(await page(guard, '/docs/2', true)).toMatchObject({ check: false, output: 'live', by: 'shape' });
  });

  it('past its budget, saves a page of a shape never checked as its snapshot once a check failed', async () => {
    const guard = new RenderGuard({ ...GUARD_LIMITS, checks: 2 });
    await page(guard, '/0', false);
    await page(guard, '/docs/2', true);
    expect(guard.mayCheck).toBe(false);
    expect(await page(guard, '/docs/2', true)).toMatchObject({ check: false, output: 'live', by: 'shape' });
    expect(await page(guard, '/api/3', true)).toMatchObject({ check: false, output: 'snapshot', by: 'site', note: expect.stringContaining('budget') });
  });

  it('past its budget, saves a page of a shape never checked live when three checks passed for the one that failed, a check that did not finish counting neither way', async () => {
    const guard = new RenderGuard({ ...GUARD_LIMITS, checks: 6, reservedForShapes: 0 });
    await page(guard, '/0', true);
    await page(guard, '/a/1', true);
    await page(guard, '/b/1', false);
    const unfinished = await guard.plan('/c/1');
    expect(unfinished).toEqual({ check: true, decides: 'page' });
    guard.settle('/c/1', 'page', undefined, 8_000);
    await page(guard, '/d/1', true);
    // The sixth and last check: four passes then, one failure, the unfinished check counted neither way.
    expect(await page(guard, '/e/1', true)).toEqual({ check: true, decides: 'page' });
    expect(guard.mayCheck).toBe(false);
    expect(await page(guard, '/f/1', true)).toMatchObject({ check: false, output: 'live', by: 'site', note: expect.stringContaining('4 of 5 live copies checked passed') });
    expect(await page(guard, '/b/1', true)).toMatchObject({ check: false, output: 'snapshot', by: 'shape' });
  });

  it('samples one page in `sampleEvery` of a checked shape, and stops at its budget of checks and of time', async () => {
    const guard = new RenderGuard({ ...GUARD_LIMITS, sampleEvery: 3, checks: 6, reservedForShapes: 2 });
    await page(guard, '/0', true);
    const plans = [];
    for (let i = 0; i < 12; i++) plans.push(await page(guard, '/0', true));
    // Followers 3, 6 and 9 are samples; a fourth would leave fewer than 2 checks for new shapes.
    expect(plans.flatMap((plan, i) => (plan.check ? [i + 1] : []))).toEqual([3, 6, 9]);
    expect(await page(guard, '/a/1', true)).toMatchObject({ check: true });
    expect(guard.mayCheck).toBe(true);
    expect(await page(guard, '/b/1', true)).toMatchObject({ check: true });
    // Every check spent: no later page is checked, so none needs its picture.
    expect(guard.mayCheck).toBe(false);
    expect(await page(guard, '/c/1', true)).toMatchObject({ check: false, output: 'live', by: 'site', note: expect.stringContaining('budget') });
    const slow = new RenderGuard({ ...GUARD_LIMITS, checkMs: 1_500 });
    await page(slow, '/0', true);
    await page(slow, '/a/1', true);
    expect(slow.mayCheck).toBe(false);
    expect(await page(slow, '/b/1', true)).toMatchObject({ check: false, output: 'live' });
  });

  it('makes pages of a shape being checked wait for that check', async () => {
    const guard = new RenderGuard();
    await page(guard, '/0', true);
    const first = await guard.plan('/guides/2');
    const second = guard.plan('/guides/2');
    let planned = false;
    void second.then(() => (planned = true));
    await Promise.resolve();
    expect(planned).toBe(false);
    guard.settle('/guides/2', 'page', false, 500);
    expect(first).toMatchObject({ check: true });
    expect(await second).toMatchObject({ check: false, output: 'snapshot', by: 'shape' });
  });
});

describe('routeShape', () => {
  it('is the first path segment, the depth and the template', () => {
    expect(routeShape('https://a.example/', '')).toBe('/0');
    expect(routeShape('https://a.example/index.html', '')).toBe('/0');
    expect(routeShape('https://a.example/Guides/water/', 'ab12cd')).toBe('/guides/2 ab12cd');
    expect(routeShape('https://a.example/guides/water?x=1', '')).toBe(routeShape('https://a.example/guides/packing', ''));
  });
});
