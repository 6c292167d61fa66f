/** The 4 bytes of a dotted-quad IPv4 address (four decimal parts, 0–255), or undefined. */
export function ipv4Bytes(text: string): Uint8Array | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  const bytes = new Uint8Array(4);
  for (const [i, part] of parts.entries()) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return undefined;
    bytes[i] = Number(part);
  }
  return bytes;
}

/**
 * The 16 bytes of an IPv6 address in any textual form (`::` anywhere, a dotted-quad tail,
 * brackets, a zone id), or undefined when it is not one. Working on bytes rather than on the
 * spelling is what makes the embedded-IPv4 checks hold for every way of writing an address.
 */
export function ipv6Bytes(text: string): Uint8Array | undefined {
  let rest = text.replace(/^\[(.*)\]$/s, '$1').replace(/%.*$/s, '');
  let tail: Uint8Array | undefined;
  const lastColon = rest.lastIndexOf(':');
  if (lastColon >= 0 && rest.includes('.', lastColon)) {
    tail = ipv4Bytes(rest.slice(lastColon + 1));
    if (!tail) return undefined;
    rest = `${rest.slice(0, lastColon + 1)}0:0`;
  }
  const halves = rest.split('::');
  if (halves.length > 2) return undefined;
  const split = (half: string) => (half === '' ? [] : half.split(':'));
  const head = split(halves[0] ?? '');
  const tailGroups = halves.length === 2 ? split(halves[1] ?? '') : [];
  const missing = 8 - head.length - tailGroups.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tailGroups];
  const bytes = new Uint8Array(16);
  for (const [i, group] of groups.entries()) {
    if (!/^[0-9a-f]{1,4}$/i.test(group)) return undefined;
    const value = parseInt(group, 16);
    bytes[i * 2] = value >> 8;
    bytes[i * 2 + 1] = value & 255;
  }
  if (tail) bytes.set(tail, 12);
  return bytes;
}

const dotted = (bytes: ArrayLike<number>) => Array.from(bytes).join('.');

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) => prefix.every((b, i) => bytes[i] === b);

/**
 * The IPv4 addresses an IPv6 address carries, which a host, a translator or a tunnel may end
 * up sending the packets to:
 * - IPv4-mapped `::ffff:0:0/96`, IPv4-compatible `::/96` and SIIT's IPv4-translated
 *   `::ffff:0:0:0/96`: the last 32 bits;
 * - NAT64, the well-known `64:ff9b::/96` (last 32 bits) and the local-use `64:ff9b:1::/48`,
 *   whose operator may use any RFC 6052 prefix length, so every position is returned;
 * - 6to4 `2002::/16`: bits 16–47;
 * - Teredo `2001::/32`: the server (bits 32–63) and the client (last 32 bits, inverted).
 */
export function embeddedIPv4(bytes: Uint8Array): string[] {
  const last = dotted(bytes.subarray(12));
  const zeros = (from: number, to: number) => bytes.subarray(from, to).every((b) => b === 0);
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return [last];
  if (zeros(0, 12)) return [last];
  if (zeros(0, 8) && bytes[8] === 0xff && bytes[9] === 0xff && zeros(10, 12)) return [last];
  if (startsWith(bytes, [0, 0x64, 0xff, 0x9b]) && zeros(4, 12)) return [last];
  if (startsWith(bytes, [0, 0x64, 0xff, 0x9b, 0, 1])) {
    // RFC 6052 §2.2: the IPv4 bits skip byte 8 ("u"), at prefix lengths /48, /56, /64 and /96.
    const at = (...indexes: number[]) => dotted(indexes.map((i) => bytes[i] ?? 0));
    return [at(6, 7, 9, 10), at(7, 9, 10, 11), at(9, 10, 11, 12), last];
  }
  if (startsWith(bytes, [0x20, 0x02])) return [dotted(bytes.subarray(2, 6))];
  if (startsWith(bytes, [0x20, 0x01, 0, 0])) return [dotted(bytes.subarray(4, 8)), dotted(bytes.subarray(12).map((b) => b ^ 0xff))];
  return [];
}
