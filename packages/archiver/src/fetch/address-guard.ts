import { BlockList, isIP } from 'node:net';
import { embeddedIPv4, ipv6Bytes } from './ip-bytes.js';

type Ranges = ReadonlyArray<[string, number]>;

// Addresses a public website never lives at: loopback, private, shared, link-local,
// benchmarking, documentation, multicast and reserved ranges (IPv4 and IPv6).
const privateV4: Ranges = [
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
const privateV6: Ranges = [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:2::', 48], // benchmarking (RFC 5180), as 198.18.0.0/15
  ['2001:db8::', 32],
  ['2002::', 16],
  ['3fff::', 20], // documentation (RFC 9637), as 2001:db8::/32
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
];

// Never contacted, not even with allowPrivateNetworks (meant for LAN and test sites): what
// answers here is the cloud host itself, handing out its credentials and configuration.
const alwaysV4: Ranges = [
  // Link-local: instance metadata of AWS, GCP, Azure, Oracle, DigitalOcean, OpenStack, Hetzner
  // (169.254.169.254), Tencent (169.254.0.23), Scaleway (169.254.42.42), AWS ECS task metadata
  // (169.254.170.2). No LAN web server is configured to live here.
  ['169.254.0.0', 16],
  ['100.100.100.200', 32], // Alibaba Cloud metadata
  ['168.63.129.16', 32], // Azure WireServer (agent configuration, certificates)
  ['192.0.0.192', 32], // Oracle Cloud Classic metadata
];
const alwaysV6: Ranges = [
  ['fe80::', 10], // link-local (OpenStack serves metadata at fe80::a9fe:a9fe)
  // AWS's fixed ULA for Nitro instance services: IMDS ::254, DNS ::253, time ::123, EKS Pod
  // Identity ::23. A LAN's own ULA has a random global id, never this one.
  ['fd00:ec2::', 48],
  ['fd20:ce::254', 128], // GCP metadata over IPv6
  ['fd00:c1::a9fe:a9fe', 128], // Oracle Cloud metadata over IPv6
];

function blockListOf(v4: Ranges, v6: Ranges): BlockList {
  const list = new BlockList();
  for (const [net, prefix] of v4) list.addSubnet(net, prefix, 'ipv4');
  for (const [net, prefix] of v6) list.addSubnet(net, prefix, 'ipv6');
  return list;
}

const privateList = blockListOf(privateV4, privateV6);
const alwaysList = blockListOf(alwaysV4, alwaysV6);

/** Whether `address` (an IP literal) or any IPv4 address its IPv6 form carries is in `list`; non-IPs match. */
function matches(list: BlockList, address: string): boolean {
  const bare = address.replace(/^\[(.*)\]$/s, '$1').replace(/%.*$/s, '');
  const family = isIP(bare);
  if (family === 4) return list.check(bare, 'ipv4');
  const bytes = family === 6 ? ipv6Bytes(bare) : undefined;
  if (!bytes) return true;
  return list.check(bare, 'ipv6') || embeddedIPv4(bytes).some((v4) => list.check(v4, 'ipv4'));
}

/**
 * True for cloud metadata and link-local addresses, in every spelling (IPv4-mapped, NAT64,
 * 6to4...): refused even when private networks are allowed. Anything not an IP is refused.
 */
export function isAlwaysBlockedAddress(address: string): boolean {
  return matches(alwaysList, address);
}

/** True when `address` (an IP literal) must not be connected to from a public service. */
export function isBlockedAddress(address: string): boolean {
  return matches(alwaysList, address) || matches(privateList, address);
}
