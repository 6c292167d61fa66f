import { describe, expect, it } from 'vitest';
import { embeddedIPv4, ipv4Bytes, ipv6Bytes } from './ip-bytes.js';

const hex = (bytes: Uint8Array | undefined) => (bytes ? Buffer.from(bytes).toString('hex') : undefined);

describe('ipv6Bytes', () => {
  it.each([
    ['::', '00000000000000000000000000000000'],
    ['::1', '00000000000000000000000000000001'],
    ['1::', '00010000000000000000000000000000'],
    ['fd00:ec2::254', 'fd000ec2000000000000000000000254'],
    ['FD00:0EC2:0000:0000:0000:0000:0000:0254', 'fd000ec2000000000000000000000254'],
    ['::ffff:169.254.169.254', '00000000000000000000ffffa9fea9fe'],
    ['0:0:0:0:0:ffff:a9fe:a9fe', '00000000000000000000ffffa9fea9fe'],
    ['[64:ff9b::a9fe:a9fe]', '0064ff9b0000000000000000a9fea9fe'],
    ['fe80::1%eth0', 'fe800000000000000000000000000001'],
    ['1:2:3:4:5:6:7:8', '00010002000300040005000600070008'],
    ['1:2:3:4:5:6::8', '00010002000300040005000600000008'],
  ])('reads %s', (text, bytes) => {
    expect(hex(ipv6Bytes(text))).toBe(bytes);
  });

  it.each(['', ':', '1:2:3:4:5:6:7', '1:2:3:4:5:6:7:8:9', '1::2::3', ':1::', '1:2:3:4:5:6:7::8', '12345::', 'g::', '::1.2.3', '::256.1.1.1', '169.254.169.254'])(
    'refuses %j',
    (text) => {
      expect(ipv6Bytes(text)).toBeUndefined();
    },
  );
});

describe('ipv4Bytes', () => {
  it('reads dotted quads only', () => {
    expect(Array.from(ipv4Bytes('169.254.169.254') ?? [])).toEqual([169, 254, 169, 254]);
    for (const text of ['1.2.3', '1.2.3.4.5', '256.0.0.1', '0x7f.0.0.1', '1.2.3.-4', '']) expect(ipv4Bytes(text)).toBeUndefined();
  });
});

describe('embeddedIPv4', () => {
  const embedded = (text: string) => embeddedIPv4(ipv6Bytes(text) ?? new Uint8Array(16));

  it.each([
    ['::ffff:a9fe:a9fe', '169.254.169.254'], // IPv4-mapped
    ['::a9fe:a9fe', '169.254.169.254'], // IPv4-compatible
    ['::ffff:0:a9fe:a9fe', '169.254.169.254'], // SIIT IPv4-translated
    ['64:ff9b::a9fe:a9fe', '169.254.169.254'], // NAT64 well-known prefix
    // Local-use NAT64 (RFC 6052 §2.2: byte 8 is skipped) at /48, /56 and /64.
    ['64:ff9b:1:a9fe:a9:fe00::', '169.254.169.254'],
    ['64:ff9b:1:a9:fe:a9fe::', '169.254.169.254'],
    ['64:ff9b:1:0:a9:fea9:fe00::', '169.254.169.254'],
    ['64:ff9b:1::a9fe:a9fe', '169.254.169.254'], // local-use NAT64 at /96
    ['2002:a9fe:a9fe::', '169.254.169.254'], // 6to4
    ['2002:a9fe:a9fe:1234::1', '169.254.169.254'],
    ['2001:0:a9fe:a9fe::', '169.254.169.254'], // Teredo server
    ['2001:0:4136:e378:8000:63bf:5601:5601', '169.254.169.254'], // Teredo client (inverted)
  ])('finds the IPv4 address in %s', (text, v4) => {
    expect(embedded(text)).toContain(v4);
  });

  it('finds none in ordinary IPv6 addresses', () => {
    expect(embedded('2606:2800:220:1:248:1893:25c8:1946')).toEqual([]);
    expect(embedded('fd00:ec2::254')).toEqual([]);
  });
});
