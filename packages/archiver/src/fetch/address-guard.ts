import { BlockList, isIP } from 'node:net';

// Addresses a public website never lives at: loopback, private, shared, link-local,
// benchmarking, documentation, multicast and reserved ranges (IPv4 and IPv6).
const blockedV4: ReadonlyArray<[string, number]> = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
const blockedV6: ReadonlyArray<[string, number]> = [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
];

const blockList = new BlockList();
for (const [net, prefix] of blockedV4) blockList.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of blockedV6) blockList.addSubnet(net, prefix, 'ipv6');

/** True when `address` (an IP literal) must not be connected to from a public service. */
export function isBlockedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return blockList.check(bare, 'ipv4');
  if (family === 6) {
    // IPv4-mapped and IPv4-compatible forms (::ffff:127.0.0.1, ::ffff:7f00:1) carry an IPv4 address.
    const mapped = /^::(ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
    if (mapped?.[2]) return blockList.check(mapped[2], 'ipv4');
    const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(bare);
    if (hexMapped?.[1] && hexMapped[2]) {
      const hi = parseInt(hexMapped[1], 16);
      const lo = parseInt(hexMapped[2], 16);
      return blockList.check(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, 'ipv4');
    }
    return blockList.check(bare, 'ipv6');
  }
  return true;
}
