/**
 * One string for each distinct value seen, for values that repeat across a capture's files: a
 * site crawl keeps every file's content type in its manifest, and each response's parse made a
 * string of its own (`text/html` 20,000 times, 32 bytes each). Bounded, so that a server
 * inventing a type per response cannot make it grow: past the bound values pass through.
 */
export class Interned {
  private readonly seen = new Map<string, string>();

  constructor(private readonly limit = 256) {}

  of(value: string): string {
    const known = this.seen.get(value);
    if (known !== undefined) return known;
    if (this.seen.size < this.limit) this.seen.set(value, value);
    return value;
  }
}
