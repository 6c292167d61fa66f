/**
 * A host name refused before any DNS lookup. `kind` says when: 'loopback' and 'private' names
 * are allowed with allowPrivateNetworks (loopback ones are then answered as `localhost`, from
 * the hosts file, never by DNS); 'never' names are refused in every setting.
 */
export interface SpecialName {
  kind: 'loopback' | 'private' | 'never';
  reason: string;
}

// By the last label, or the last two. Data: a new suffix is a new row.
const SUFFIXES: ReadonlyMap<string, SpecialName> = new Map(Object.entries({
  localhost: { kind: 'loopback', reason: 'a name of this computer (RFC 6761)' },
  // Resolvers may answer these from a local zone or by multicast: only a LAN has them.
  local: { kind: 'private', reason: 'a local-network name (mDNS, RFC 6762)' },
  test: { kind: 'private', reason: 'a name reserved for testing (RFC 6761)' },
  internal: { kind: 'private', reason: 'a private-network name (.internal)' },
  'home.arpa': { kind: 'private', reason: 'a home-network name (RFC 8375)' },
  localdomain: { kind: 'private', reason: 'a local-network name (.localdomain)' },
  // Suffixes RFC 6762 Appendix G found in private use; none is a public top-level domain.
  intranet: { kind: 'private', reason: 'a private-network name (.intranet)' },
  private: { kind: 'private', reason: 'a private-network name (.private)' },
  corp: { kind: 'private', reason: 'a private-network name (.corp)' },
  home: { kind: 'private', reason: 'a private-network name (.home)' },
  lan: { kind: 'private', reason: 'a local-network name (.lan)' },
  // Not DNS names at all: asking a resolver only leaks them, and no website lives there.
  invalid: { kind: 'never', reason: 'a name that never exists (RFC 6761)' },
  onion: { kind: 'never', reason: 'a Tor onion name (RFC 7686)' },
  exit: { kind: 'never', reason: 'a Tor name' },
  i2p: { kind: 'never', reason: 'an I2P name' },
  alt: { kind: 'never', reason: 'a name outside DNS (RFC 9476)' },
  arpa: { kind: 'never', reason: 'an infrastructure name (.arpa)' },
} satisfies Record<string, SpecialName>));

const METADATA: SpecialName = { kind: 'never', reason: 'a cloud metadata service' };
// Cloud metadata names in public domains; the rest live in private namespaces (see below).
const METADATA_NAMES = new Set(['metadata.goog', 'metadata.tencentyun.com']);
const METADATA_LABELS = new Set(['metadata', 'instance-data']);

const SINGLE_LABEL: SpecialName = { kind: 'private', reason: 'a single-label name, completed from the local search domains' };

/** The name as resolvers compare it: lower case, ideographic dots as dots, no trailing dot. */
export function canonicalName(hostname: string): string {
  return hostname.toLowerCase().replace(/[\u3002\uff0e\uff61]/g, '.').replace(/\.+$/, '');
}

/**
 * Why `hostname` (a name, not an IP literal) is special-use, or undefined for an ordinary
 * public name. Cloud metadata names — `metadata`, `instance-data`, `metadata.google.internal`,
 * `instance-data.ec2.internal` — are 'never': a metadata label in a private namespace.
 */
export function specialUseName(hostname: string): SpecialName | undefined {
  const name = canonicalName(hostname);
  if (!name) return { kind: 'never', reason: 'an empty name' };
  const labels = name.split('.');
  if (METADATA_NAMES.has(name)) return METADATA;
  const special = SUFFIXES.get(labels.slice(-2).join('.')) ?? SUFFIXES.get(labels.at(-1) ?? '');
  const privateSpace = labels.length === 1 || (special !== undefined && special.kind !== 'never');
  if (privateSpace && METADATA_LABELS.has(labels[0] ?? '')) return METADATA;
  return special ?? (labels.length === 1 ? SINGLE_LABEL : undefined);
}
