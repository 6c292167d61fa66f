import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { readLocationThroughLayer } from './location-reads.js';

const FILE = 'file:///home/me/copy/index.html';
const ONLINE = 'https://docs.example/guide/start?tab=2';

/** Runs a classic script with a page's globals: `location` the file's, the layer's address online when `layer`. */
function run(code: string, layer = true): Record<string, unknown> {
  const location = Object.assign(new URL(FILE), { assign() {}, replace() {} });
  const sandbox: Record<string, unknown> = { URL, location, document: { URL: FILE, documentURI: FILE, location }, out: {} };
  sandbox.window = sandbox;
  sandbox.self = sandbox;
  sandbox.top = sandbox;
  const navigation = 'globalThis.__SITEZIP_NAVIGATION__ = (to) => "file:///home/me/copy/" + String(to).replace(/^\\//, "") + ".html";';
  runInNewContext(`globalThis.window = globalThis; globalThis.self = globalThis; ${layer ? `globalThis.__SITEZIP_LOCATION__ = new URL(${JSON.stringify(ONLINE)}); ${navigation}` : ''}\n${code}`, sandbox);
  return sandbox.out as Record<string, unknown>;
}

describe('a script reads the page address through the replay layer', () => {
  it('gives reads of location, window.location and document.URL the address online', () => {
    const code = readLocationThroughLayer(
      `out.path = location.pathname; out.search = window.location.search; const { pathname } = self.location;
       out.destructured = pathname; out.url = String(new URL(location)); out.same = document.URL === location.href;
       out.kept = { location }.location.host; out.joined = '' + location;`,
      false,
    );
    expect(run(code)).toEqual({
      path: '/guide/start',
      search: '?tab=2',
      destructured: '/guide/start',
      url: ONLINE,
      same: true,
      kept: 'docs.example',
      joined: ONLINE,
    });
  });

  it('gives the address online to a location taken out of the window or the document by destructuring', () => {
    const code = readLocationThroughLayer(
      `window.pagePath = '/guide/start'; const { pagePath: g, location: v } = window; out.gatsby = v.pathname + ' ' + g;
       let l; ({ location: l } = self); out.assigned = l.search; const { location } = document; out.doc = location.href;
       const { location: own } = { location: { pathname: '/own' } }; out.own = own.pathname;`,
      false,
    );
    expect(run(code)).toMatchObject({ gatsby: '/guide/start /guide/start', assigned: '?tab=2', doc: ONLINE, own: '/own' });
    expect(run(code, false)).toMatchObject({ gatsby: '/home/me/copy/index.html /guide/start', doc: FILE });
  });

  it('reads the real location where the layer is not (a static copy, a worker)', () => {
    const code = readLocationThroughLayer('out.path = location.pathname; out.url = document.URL;', false);
    expect(code).not.toBe('out.path = location.pathname; out.url = document.URL;');
    expect(run(code, false)).toEqual({ path: '/home/me/copy/index.html', url: FILE });
  });

  it("leaves a script's own variables named location, and writes, as they were", () => {
    const code = readLocationThroughLayer(
      `function route(location) { return location.pathname; }
       out.own = route({ pathname: '/own' });
       const { location: taken } = { location: 'destructured' }; out.taken = taken;
       location.hash = '#top'; out.hash = location.hash;
       const router = { location: { pathname: '/routed' } }; out.routed = router.location.pathname;
       const win = window; out.aliased = win.location.pathname; out.top = window.top.location.pathname;
       const view = { props: { location: { pathname: '/props' } } }; out.props = view.props.location.pathname;
       out.text = "location.pathname"; // location.pathname in a comment
       out.type = typeof location;`,
      false,
    );
    expect(code).toContain('location.hash = \'#top\'');
    expect(code).toContain('out.text = "location.pathname"; // location.pathname in a comment');
    expect(run(code)).toMatchObject({ own: '/own', taken: 'destructured', text: 'location.pathname', type: 'object', routed: '/routed', aliased: '/guide/start', top: '/guide/start', props: '/props' });
  });

  it('sends navigations by address of the real location through the layer, and no others', () => {
    const log: string[] = [];
    const real = { href: FILE, assign: (to: string) => log.push(`assign ${to}`), replace: (to: string) => log.push(`replace ${to}`) };
    Object.defineProperty(real, 'href', { get: () => FILE, set: (to: string) => log.push(`href ${to}`) });
    const sandbox: Record<string, unknown> = { own: { href: '' } };
    Object.defineProperty(sandbox, 'location', { get: () => real, set: (to: string) => log.push(`location ${to}`) });
    const code = readLocationThroughLayer(
      `location.href = '/next'; window.location = ('/', '/after'); location.assign('/a'); self.location.replace('/b');
       (function (location) { location.href = '/own'; })(own);`,
      false,
    );
    runInNewContext(`globalThis.window = globalThis; globalThis.self = globalThis; globalThis.__SITEZIP_NAVIGATION__ = (to) => 'local:' + to;\n${code}`, sandbox);
    expect(log).toEqual(['href local:/next', 'location local:/after', 'assign local:/a', 'replace local:/b']);
    expect(sandbox.own).toEqual({ href: '/own' });
  });

  it('reads modules, and keeps code it cannot parse or that never reads the address', () => {
    const module = readLocationThroughLayer("import a from './a.js'; export const here = location.pathname;", true);
    expect(module).toMatch(/^import a from '\.\/a\.js'; export const here = \(location===globalThis\.location&&/);
    expect(readLocationThroughLayer('if (location.pathname {', false)).toBe('if (location.pathname {');
    expect(readLocationThroughLayer('out.x = 1;', false)).toBe('out.x = 1;');
    expect(readLocationThroughLayer('const o = { location: 1 }; o.location;', false)).toBe('const o = { location: 1 }; o.location;');
  });
});
