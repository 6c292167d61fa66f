import { describe, expect, it } from 'vitest';
import { isAlwaysBlockedAddress, isBlockedAddress } from './address-guard.js';

describe('isBlockedAddress', () => {
  it.each([
    '127.0.0.1', '127.8.9.10', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254',
    '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '198.18.0.1',
    '::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1',
    '::ffff:10.0.0.1', '64:ff9b::7f00:1', '[::1]', 'not-an-ip', '3fff::1', '2001:2::1',
    // Teredo and compatible forms that carry a private IPv4 address.
    '2001:0:a00:1::', '::7f00:1', '::ffff:0:a00:1',
  ])('blocks %s', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:2800:220:1:248:1893:25c8:1946', '::ffff:8.8.8.8', '2001:0:808:808::f7f7:f7f7'])(
    'allows %s',
    (address) => {
      expect(isBlockedAddress(address)).toBe(false);
    },
  );
});

describe('isAlwaysBlockedAddress (cloud metadata and link-local, refused even on private networks)', () => {
  it.each([
    '169.254.169.254', '169.254.0.23', '169.254.170.2', '169.254.0.1', '100.100.100.200', '168.63.129.16', '192.0.0.192',
    'fd00:ec2::254', 'fd00:ec2::23', 'FD00:0EC2:0:0:0:0:0:254', '[fd00:ec2::254]', 'fd20:ce::254', 'fd00:c1::a9fe:a9fe',
    'fe80::1', 'fe80::a9fe:a9fe%eth0', 'febf::1',
    // Every spelling of an IPv6 address that carries a metadata IPv4 address.
    '::ffff:169.254.169.254', '::ffff:a9fe:a9fe', '0:0:0:0:0:ffff:a9fe:a9fe', '::169.254.169.254', '::a9fe:a9fe',
    '::ffff:0:a9fe:a9fe', '64:ff9b::a9fe:a9fe', '64:ff9b::169.254.169.254', '64:ff9b:1::a9fe:a9fe', '2002:a9fe:a9fe::',
    '2002:a9fe:a9fe:1::1', '::ffff:6464:64c8', '64:ff9b::a83f:8110', '2002:6464:64c8::', '2001:0:a9fe:a9fe::1',
    '2001:0:4136:e378:8000:63bf:5601:5601', 'not-an-ip',
  ])('blocks %s', (address) => {
    expect(isAlwaysBlockedAddress(address)).toBe(true);
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each(['127.0.0.1', '10.0.0.1', '192.168.1.1', '100.100.100.201', '168.63.129.17', '::1', 'fd12:3456::1', 'fd00:ec3::254', '::ffff:10.0.0.1', '8.8.8.8'])(
    'leaves %s to the private-network setting',
    (address) => {
      expect(isAlwaysBlockedAddress(address)).toBe(false);
    },
  );

  it.each(['2852039166', '0xa9fea9fe', '0xa9.0xfe.0xa9.0xfe', '0251.0376.0251.0376', '169.254.43518', '0xA9.254.0251.0xFE', '[::ffff:169.254.169.254]', '[0:0::ffff:a9fe:a9fe]'])(
    'sees through the URL spelling %s (the WHATWG parser normalises it)',
    (host) => {
      const { hostname } = new URL(`http://${host}/`);
      expect(isAlwaysBlockedAddress(hostname)).toBe(true);
    },
  );
});
