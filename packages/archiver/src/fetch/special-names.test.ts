import { describe, expect, it } from 'vitest';
import { specialUseName } from './special-names.js';

const kindOf = (name: string) => specialUseName(name)?.kind;

describe('specialUseName', () => {
  it.each(['localhost', 'localhost.', 'LOCALHOST', 'LocalHost..', 'foo.localhost', 'a.b.LOCALHOST.', 'localhost\u3002'])(
    '%j is this computer',
    (name) => {
      expect(kindOf(name)).toBe('loopback');
    },
  );

  it.each([
    'printer.local', 'nas.lan', 'app.test', 'x.TEST.', 'db.internal', 'home.arpa', 'router.home.arpa', 'wiki.corp',
    'box.home', 'portal.intranet', 'git.private', 'host.localdomain', 'intranet', 'nas', 'ai.',
  ])('%j is a private-network name', (name) => {
    expect(kindOf(name)).toBe('private');
  });

  it.each([
    'metadata', 'metadata.', 'METADATA', 'metadata.google.internal', 'Metadata.Google.Internal.', 'metadata.goog',
    'instance-data', 'instance-data.ec2.internal', 'instance-data.us-west-2.compute.internal', 'metadata.tencentyun.com',
    'metadata.local', 'metadata.localhost', 'x.invalid', 'invalid', 'duckduckgogg42xjoc72x3sjasowoarfbgcmvfimaftt6twagswzczad.onion',
    'x.onion.', 'a.exit', 'site.i2p', 'name.alt', '1.0.0.127.in-addr.arpa', 'ipv4only.arpa', '', '.',
  ])('%j is never contacted', (name) => {
    expect(kindOf(name)).toBe('never');
  });

  it.each(['example.com', 'example.com.', 'localhost.example.com', 'metadata.example.com', 'test.com', 'local.example',
    'onion.example.org', 'my-internal.com', 'no-such-host.example', 'constructor.x', 'a.constructor', 'a.__proto__'])(
    '%j is an ordinary name',
    (name) => {
      expect(specialUseName(name)).toBeUndefined();
    },
  );
});
