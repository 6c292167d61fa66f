import { Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { archivePage, HttpFetcher, MemorySink, parseOptions, type Manifest } from '../src/index.js';
import type { HostResolver } from '../src/fetch/safe-resolve.js';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';

// What these tests allow: LAN and loopback addresses, as a LAN or test capture would.
const local = { allowPrivateNetworks: true, retries: 0, requestTimeoutMs: 2_000 };

// Names an attacker's DNS points at metadata addresses; the test resolver plays that DNS.
const attackerDns: Record<string, string> = {
  'imds.attacker.example': '169.254.169.254',
  'imds6.attacker.example': 'fd00:ec2::254',
  'mapped.attacker.example': '::ffff:169.254.169.254',
  'nat64.attacker.example': '64:ff9b::a9fe:a9fe',
  'alibaba.attacker.example': '100.100.100.200',
  'wireserver.attacker.example': '168.63.129.16',
};

/** Metadata endpoints, each spelled the way an SSRF payload spells it. */
const METADATA_URLS = [
  'http://169.254.169.254/latest/meta-data/',
  'http://[fd00:ec2::254]/latest/meta-data/',
  'http://100.100.100.200/latest/meta-data/',
  'http://[::ffff:169.254.169.254]/',
  'http://[::ffff:a9fe:a9fe]/',
  'http://[64:ff9b::a9fe:a9fe]/',
  'http://[2002:a9fe:a9fe::]/',
  'http://2852039166/',
  'http://0xa9.0xfe.0xa9.0xfe/',
  'http://169.254.0.23/',
  'http://168.63.129.16/machine?comp=goalstate',
  'http://[fe80::a9fe:a9fe]/',
  'http://metadata.google.internal/computeMetadata/v1/',
  'http://METADATA.google.internal./computeMetadata/v1/',
  'http://metadata/computeMetadata/v1/',
  'http://instance-data/latest/meta-data/',
  'https://169.254.169.254/latest/meta-data/',
  'https://metadata.google.internal/',
  ...Object.keys(attackerDns).map((name) => `http://${name}/latest/meta-data/`),
  'https://imds6.attacker.example/',
];

let site: FixtureSite | undefined;
let connects: MockInstance<Socket['connect']>;
const resolver = vi.fn<HostResolver>(async (name) => {
  const address = attackerDns[name];
  if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  return [{ address, family: address.includes(':') ? 6 : 4 }];
});

beforeEach(() => {
  connects = vi.spyOn(Socket.prototype, 'connect');
  resolver.mockClear();
});
afterEach(async () => {
  connects.mockRestore();
  await site?.close();
  site = undefined;
});

/** The hosts every TCP (and TLS) connection of the process went to since the test began. */
function connectedHosts(): string[] {
  return connects.mock.calls.map((args) => {
    const first: unknown = args[0];
    const options = (Array.isArray(first) ? first[0] : first) as { host?: string } | undefined;
    return options?.host ?? '';
  });
}

const redirectTo = (location: string) => ({ handle: (_q: unknown, r: import('node:http').ServerResponse) => void r.writeHead(302, { location }).end() });

describe('cloud metadata endpoints, with private networks allowed', () => {
  it.each(METADATA_URLS)('a redirect to %s is refused at the guard, without connecting', async (target) => {
    site = await serveFixture({ '/': redirectTo(target) });
    const fetcher = new HttpFetcher(parseOptions(local), { resolve: resolver });
    try {
      const failure = await fetcher.fetch(site.url).catch((error: unknown) => error);
      expect(failure).toMatchObject({ code: 'FORBIDDEN_ADDRESS', message: expect.stringMatching(/^Refusing to connect to .*private or reserved/) });
    } finally {
      await fetcher.close();
    }
    expect(site.hits.get('/')).toBe(1);
    expect(connectedHosts()).toEqual(['127.0.0.1']);
    // Metadata names never reach a resolver; only the attacker's own names were looked up.
    for (const [name] of resolver.mock.calls) expect(Object.keys(attackerDns)).toContain(name);
  });

  it('fails a page that redirects to a metadata address, as the CLI exits 7', async () => {
    site = await serveFixture({ '/': redirectTo('http://169.254.169.254/latest/meta-data/iam/security-credentials/') });
    await expect(archivePage(site.url, new MemorySink(), local)).rejects.toMatchObject({ code: 'FORBIDDEN_ADDRESS' });
    expect(connectedHosts()).toEqual(['127.0.0.1']);
  });

  it('saves a page whose images point at metadata addresses and records them as refused', async () => {
    const urls = METADATA_URLS.filter((url) => !url.includes('attacker')).map((url) => `${url}x.png`);
    const images = urls.map((url) => `<img src="${url}">`);
    site = await serveFixture({
      '/': { body: `<h1>page</h1>${images.join('')}<img src="/hop.png"><link rel=stylesheet href="/s.css">` },
      '/hop.png': redirectTo('http://[fd00:ec2::254]/latest/user-data'),
      '/s.css': { type: 'text/css', body: 'body { background: url(http://100.100.100.200/latest/meta-data/) }' },
    });
    const sink = new MemorySink();
    await archivePage(site.url, sink, local);
    expect(sink.text('index.html')).toContain('<h1>page</h1>');
    const manifest = JSON.parse(sink.text('sitezip-manifest.json')) as Manifest;
    const refused = manifest.resources.filter((r) => r.errorCode === 'FORBIDDEN_ADDRESS').map((r) => r.url);
    // Spellings of one address are one URL once parsed (2852039166 is 169.254.169.254).
    const expected = [...urls, `${site.origin}/hop.png`, 'http://100.100.100.200/latest/meta-data/'].map((url) => new URL(url).href);
    expect(new Set(refused)).toEqual(new Set(expected));
    expect(manifest.resources.filter((r) => r.errorCode && r.errorCode !== 'FORBIDDEN_ADDRESS')).toEqual([]);
    expect(new Set(connectedHosts())).toEqual(new Set(['127.0.0.1']));
  });
});

describe('special-use names, with private networks not allowed', () => {
  it.each(['http://localhost./', 'http://foo.localhost/', 'http://LOCALHOST/', 'http://printer.local/', 'http://nas.lan/', 'http://router.home.arpa/', 'http://app.test/'])(
    '%s is refused before any lookup',
    async (url) => {
      const fetcher = new HttpFetcher(parseOptions({ ...local, allowPrivateNetworks: false }), { resolve: resolver });
      try {
        await expect(fetcher.fetch(url)).rejects.toMatchObject({ code: 'FORBIDDEN_ADDRESS', message: expect.stringMatching(/private or reserved name/) });
      } finally {
        await fetcher.close();
      }
      expect(resolver).not.toHaveBeenCalled();
      expect(connectedHosts()).toEqual([]);
    },
  );

  it('localhost names reach this computer once private networks are allowed', async () => {
    site = await serveFixture({ '/': { body: '<h1>local</h1>' } });
    const { port } = new URL(site.url);
    const sink = new MemorySink();
    await archivePage(`http://foo.localhost:${port}/`, sink, local);
    expect(sink.text('index.html')).toContain('<h1>local</h1>');
  });
});
