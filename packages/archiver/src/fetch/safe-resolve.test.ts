import { describe, expect, it, vi } from 'vitest';
import { rememberingResolver, resolveSafely, type HostResolver } from './safe-resolve.js';

/** A resolver that answers from a table and records what it was asked. */
function resolverOf(table: Record<string, string[]>) {
  return vi.fn<HostResolver>(async (name) => {
    const addresses = table[name];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  });
}

const forbidden = { code: 'FORBIDDEN_ADDRESS', message: expect.stringMatching(/private or reserved/) };

describe('resolveSafely', () => {
  it.each([
    ['localhost', false], ['localhost.', false], ['foo.localhost', false], ['printer.local', false], ['nas.lan', false],
    ['app.test', false], ['db.internal', false], ['router.home.arpa', false], ['intranet', false],
    ['metadata.google.internal', true], ['metadata', true], ['instance-data', true], ['instance-data.ec2.internal', true],
    ['x.onion', true], ['no-such-host.invalid', true], ['METADATA.GOOGLE.INTERNAL.', true],
  ])('refuses %s before any lookup (private networks allowed: %s)', async (name, allowPrivate) => {
    const resolve = resolverOf({ [name]: ['93.184.216.34'], localhost: ['127.0.0.1'] });
    await expect(resolveSafely(name, { allowPrivate, resolve })).rejects.toMatchObject(forbidden);
    expect(resolve).not.toHaveBeenCalled();
  });

  it('answers every localhost name as localhost itself when private networks are allowed', async () => {
    const resolve = resolverOf({ localhost: ['127.0.0.1'] });
    for (const name of ['localhost', 'localhost.', 'LOCALHOST', 'foo.localhost', 'a.b.localhost.']) {
      await expect(resolveSafely(name, { allowPrivate: true, resolve })).resolves.toEqual({ address: '127.0.0.1', family: 4 });
    }
    expect(new Set(resolve.mock.calls.map(([name]) => name))).toEqual(new Set(['localhost']));
  });

  it('lets LAN and test names resolve when private networks are allowed', async () => {
    const resolve = resolverOf({ 'nas.lan': ['192.168.1.10'], 'app.test': ['127.0.0.1'], 'printer.local': ['fd12::7'] });
    await expect(resolveSafely('nas.lan', { allowPrivate: true, resolve })).resolves.toMatchObject({ address: '192.168.1.10' });
    await expect(resolveSafely('app.test', { allowPrivate: true, resolve })).resolves.toMatchObject({ address: '127.0.0.1' });
    await expect(resolveSafely('printer.local', { allowPrivate: true, resolve })).resolves.toMatchObject({ address: 'fd12::7' });
  });

  it.each([
    '169.254.169.254', '169.254.0.23', 'fd00:ec2::254', '100.100.100.200', '168.63.129.16', '::ffff:169.254.169.254',
    '::ffff:a9fe:a9fe', '64:ff9b::a9fe:a9fe', '2002:a9fe:a9fe::', 'fe80::1',
  ])('refuses a name resolving to %s even when private networks are allowed', async (address) => {
    const resolve = resolverOf({ 'innocent.example': ['93.184.216.34', address] });
    await expect(resolveSafely('innocent.example', { allowPrivate: true, resolve })).rejects.toMatchObject({
      code: 'FORBIDDEN_ADDRESS',
      message: expect.stringContaining('never allowed'),
    });
    await expect(resolveSafely('innocent.example', { allowPrivate: false, resolve })).rejects.toMatchObject(forbidden);
  });

  it.each(['169.254.169.254', '[fd00:ec2::254]', '100.100.100.200', '[::ffff:a9fe:a9fe]', '[fe80::1%25eth0]'])(
    'refuses the IP literal %s even when private networks are allowed, without a lookup',
    async (host) => {
      const resolve = resolverOf({});
      await expect(resolveSafely(host, { allowPrivate: true, resolve })).rejects.toMatchObject(forbidden);
      expect(resolve).not.toHaveBeenCalled();
    },
  );

  it.each(['2852039166', '0xa9fea9fe', '0xa9.0xfe.0xa9.0xfe', '0251.0376.0251.0376', '169.254.43518', '169.254.169.254.', 'LOCALHOST%2E', 'metadata%2Egoogle%2Einternal'])(
    'reads the host %s as the URL parser and the system resolver would, and refuses it without a lookup',
    async (host) => {
      const resolve = resolverOf({});
      await expect(resolveSafely(host, { allowPrivate: !host.startsWith('LOCALHOST'), resolve })).rejects.toMatchObject(forbidden);
      expect(resolve).not.toHaveBeenCalled();
    },
  );

  it('keeps cloud metadata refused when a test replaces the private-address check', async () => {
    const isBlocked = () => false;
    await expect(resolveSafely('169.254.169.254', { allowPrivate: false, isBlocked })).rejects.toMatchObject(forbidden);
    await expect(resolveSafely('10.0.0.1', { allowPrivate: false, isBlocked })).resolves.toMatchObject({ address: '10.0.0.1' });
  });

  it('allows private addresses only when asked to', async () => {
    await expect(resolveSafely('10.0.0.1', { allowPrivate: true })).resolves.toMatchObject({ address: '10.0.0.1' });
    await expect(resolveSafely('[::1]', { allowPrivate: true })).resolves.toMatchObject({ address: '::1', family: 6 });
    await expect(resolveSafely('10.0.0.1', { allowPrivate: false })).rejects.toMatchObject(forbidden);
    const resolve = resolverOf({ 'public.example': ['93.184.216.34'] });
    await expect(resolveSafely('public.example', { allowPrivate: false, resolve })).resolves.toMatchObject({ address: '93.184.216.34' });
    await expect(resolveSafely('gone.example', { allowPrivate: false, resolve })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('rememberingResolver', () => {
  it('asks once per name while its answer is kept, a name that does not exist included', async () => {
    let clock = 0;
    const resolve = resolverOf({ 'site.example': ['93.184.216.34'] });
    const remembering = rememberingResolver(resolve, () => clock);
    await Promise.all([remembering('site.example'), remembering('site.example')]);
    const missing = await Promise.allSettled(Array.from({ length: 20 }, () => remembering('badges.example')));
    expect(missing.every((outcome) => outcome.status === 'rejected')).toBe(true);
    expect(resolve.mock.calls.map(([name]) => name)).toEqual(['site.example', 'badges.example']);
    clock = 60_000;
    await remembering('site.example');
    expect(resolve).toHaveBeenCalledTimes(3);
  });

  it('asks again after a failure that may pass', async () => {
    const resolve = vi.fn<HostResolver>(async () => {
      throw Object.assign(new Error('getaddrinfo EAI_AGAIN site.example'), { code: 'EAI_AGAIN' });
    });
    const remembering = rememberingResolver(resolve);
    await expect(remembering('site.example')).rejects.toMatchObject({ code: 'EAI_AGAIN' });
    await expect(remembering('site.example')).rejects.toMatchObject({ code: 'EAI_AGAIN' });
    expect(resolve).toHaveBeenCalledTimes(2);
  });

  it('keeps the checks of resolveSafely on a kept answer', async () => {
    const remembering = rememberingResolver(resolverOf({ 'inside.example': ['10.0.0.5'] }));
    await expect(resolveSafely('inside.example', { allowPrivate: false, resolve: remembering })).rejects.toMatchObject(forbidden);
    await expect(resolveSafely('inside.example', { allowPrivate: false, resolve: remembering })).rejects.toMatchObject(forbidden);
  });
});
