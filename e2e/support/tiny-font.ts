import { brotliCompressSync } from 'node:zlib';

// A font small enough to build in a fixture, yet real enough for Chromium's sanitizer (OTS):
// every printable ASCII character maps to one square glyph one em wide. Text set in it is
// therefore far wider than in any fallback font, which makes "the font loaded" measurable.

const UNITS_PER_EM = 1000;
const ADVANCE = 1000;
const FIRST_CHAR = 0x20;
const LAST_CHAR = 0x7e;

class Writer {
  private readonly bytes: number[] = [];
  u8(v: number): this {
    this.bytes.push(v & 0xff);
    return this;
  }
  u16(v: number): this {
    return this.u8(v >> 8).u8(v);
  }
  i16(v: number): this {
    return this.u16(v < 0 ? v + 0x10000 : v);
  }
  u32(v: number): this {
    return this.u16(Math.floor(v / 0x10000) & 0xffff).u16(v & 0xffff);
  }
  zeros(n: number): this {
    for (let i = 0; i < n; i++) this.u8(0);
    return this;
  }
  raw(data: Buffer | string): this {
    for (const b of typeof data === 'string' ? Buffer.from(data, 'latin1') : data) this.u8(b);
    return this;
  }
  done(): Buffer {
    return Buffer.from(this.bytes);
  }
}

// The square glyph: one contour through four on-curve points, coordinates as 16-bit deltas.
function glyf(): Buffer {
  const square = new Writer()
    .i16(1) // numberOfContours
    .i16(100).i16(0).i16(900).i16(700) // bounding box
    .u16(3) // last point of the contour
    .u16(0) // no instructions
    .u8(1).u8(1).u8(1).u8(1) // on-curve flags
    .i16(100).i16(0).i16(800).i16(0) // x deltas
    .i16(0).i16(700).i16(0).i16(-700) // y deltas
    .done();
  return Buffer.concat([square, Buffer.alloc(square.length % 2)]);
}

function tables(family: string): Map<string, Buffer> {
  const glyphData = glyf();
  const charCount = LAST_CHAR - FIRST_CHAR + 1;
  const head = new Writer()
    .u32(0x00010000).u32(0x00010000).u32(0).u32(0x5f0f3cf5)
    .u16(0x000b).u16(UNITS_PER_EM)
    .zeros(16) // created, modified
    .i16(100).i16(0).i16(900).i16(700)
    .u16(0).u16(8).i16(2)
    .i16(0) // short loca offsets
    .i16(0)
    .done();
  const hhea = new Writer()
    .u32(0x00010000).i16(800).i16(-200).i16(0)
    .u16(ADVANCE).i16(0).i16(100).i16(900)
    .i16(1).i16(0).i16(0).zeros(8).i16(0)
    .u16(2) // numberOfHMetrics
    .done();
  const maxp = new Writer()
    .u32(0x00010000).u16(2).u16(4).u16(1).u16(0).u16(0).u16(2)
    .zeros(16)
    .done();
  const hmtx = new Writer().u16(ADVANCE).i16(0).u16(ADVANCE).i16(100).done();
  const loca = new Writer().u16(0).u16(0).u16(glyphData.length / 2).done();
  // cmap format 4: one segment for the printable range through a glyph id array, then the end marker.
  const segCount = 2;
  const format4 = new Writer()
    .u16(4).u16(16 + segCount * 8 + charCount * 2).u16(0)
    .u16(segCount * 2).u16(4).u16(1).u16(0)
    .u16(LAST_CHAR).u16(0xffff) // endCode
    .u16(0) // reservedPad
    .u16(FIRST_CHAR).u16(0xffff) // startCode
    .i16(0).i16(1) // idDelta
    .u16(4).u16(0); // idRangeOffset: the first points just past this array
  for (let i = 0; i < charCount; i++) format4.u16(1);
  const subtable = format4.done();
  const cmap = new Writer().u16(0).u16(1).u16(3).u16(1).u32(12).raw(subtable).done();
  const names: [number, string][] = [[1, family], [2, 'Regular'], [3, `${family}-1`], [4, family], [6, family]];
  const name = new Writer().u16(0).u16(names.length).u16(6 + names.length * 12);
  let offset = 0;
  const strings = names.map(([, text]) => Buffer.from(text, 'utf16le').swap16());
  names.forEach(([id], i) => {
    name.u16(3).u16(1).u16(0x409).u16(id).u16(strings[i]!.length).u16(offset);
    offset += strings[i]!.length;
  });
  for (const s of strings) name.raw(s);
  const os2 = new Writer()
    .u16(4).i16(ADVANCE).u16(400).u16(5).u16(0)
    .i16(650).i16(600).i16(0).i16(75).i16(650).i16(600).i16(0).i16(350)
    .i16(50).i16(300).i16(0)
    .zeros(10) // panose
    .u32(1).u32(0).u32(0).u32(0) // Basic Latin
    .raw('TINY').u16(0x40).u16(FIRST_CHAR).u16(LAST_CHAR)
    .i16(800).i16(-200).i16(0).u16(800).u16(200)
    .u32(1).u32(0)
    .i16(500).i16(700).u16(0).u16(0x20).u16(1)
    .done();
  const post = new Writer().u32(0x00030000).u32(0).i16(-100).i16(50).zeros(20).done();
  return new Map([
    ['OS/2', os2],
    ['cmap', cmap],
    ['glyf', glyphData],
    ['head', head],
    ['hhea', hhea],
    ['hmtx', hmtx],
    ['loca', loca],
    ['maxp', maxp],
    ['name', name.done()],
    ['post', post],
  ]);
}

function checksum(data: Buffer): number {
  const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
  let sum = 0;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + padded.readUInt32BE(i)) >>> 0;
  return sum;
}

const pad4 = (n: number) => (n + 3) & ~3;

/** A TrueType font named `family` (see the top of this file for what it draws). */
export function tinyTtf(family: string): Buffer {
  const all = [...tables(family)].sort(([a], [b]) => (a < b ? -1 : 1));
  const numTables = all.length;
  const searchRange = 2 ** Math.floor(Math.log2(numTables)) * 16;
  const header = new Writer()
    .u32(0x00010000).u16(numTables).u16(searchRange)
    .u16(Math.log2(searchRange / 16)).u16(numTables * 16 - searchRange);
  let offset = 12 + numTables * 16;
  let headOffset = 0;
  for (const [tag, data] of all) {
    header.raw(tag).u32(checksum(data)).u32(offset).u32(data.length);
    if (tag === 'head') headOffset = offset;
    offset += pad4(data.length);
  }
  const padded = all.map(([, data]) => Buffer.concat([data, Buffer.alloc(pad4(data.length) - data.length)]));
  const font = Buffer.concat([header.done(), ...padded]);
  // head.checkSumAdjustment makes the whole file sum to the magic number the spec asks for.
  font.writeUInt32BE((0xb1b0afba - checksum(font)) >>> 0, headOffset + 8);
  return font;
}

const WOFF2_KNOWN_TAGS = ['cmap', 'head', 'hhea', 'hmtx', 'maxp', 'name', 'OS/2', 'post', 'cvt ', 'fpgm', 'glyf', 'loca'];

function base128(value: number): number[] {
  const out = [value & 0x7f];
  for (let v = value >>> 7; v > 0; v >>>= 7) out.unshift((v & 0x7f) | 0x80);
  return out;
}

/** The same font as WOFF2, with the null transform on every table (valid, if not the smallest). */
export function tinyWoff2(family: string): Buffer {
  const sfnt = tinyTtf(family);
  const numTables = sfnt.readUInt16BE(4);
  const entries = Array.from({ length: numTables }, (_, i) => {
    const at = 12 + i * 16;
    const tag = sfnt.toString('latin1', at, at + 4);
    const offset = sfnt.readUInt32BE(at + 8);
    return { tag, data: sfnt.subarray(offset, offset + sfnt.readUInt32BE(at + 12)) };
  });
  const directory = new Writer();
  for (const { tag, data } of entries) {
    // Transform version 3 is the null transform for glyf/loca, version 0 for every other table.
    const transform = tag === 'glyf' || tag === 'loca' ? 0xc0 : 0;
    directory.u8(transform | WOFF2_KNOWN_TAGS.indexOf(tag));
    for (const b of base128(data.length)) directory.u8(b);
  }
  const dir = directory.done();
  const compressed = brotliCompressSync(Buffer.concat(entries.map((e) => e.data)));
  const unpadded = 48 + dir.length + compressed.length;
  const header = new Writer()
    .raw('wOF2').u32(0x00010000).u32(pad4(unpadded)).u16(numTables).u16(0)
    .u32(sfnt.length).u32(compressed.length).u16(1).u16(0)
    .zeros(20)
    .done();
  return Buffer.concat([header, dir, compressed, Buffer.alloc(pad4(unpadded) - unpadded)]);
}
