import { crc32, deflateSync } from 'node:zlib';

export type Rgb = readonly [number, number, number];

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A solid-colour PNG. Fixtures give each image its own size and colour, so a test can tell
 * from `naturalWidth` (or a pixel on screen) which file the browser really showed.
 */
export function solidPng(width: number, height: number, [r, g, b]: Rgb): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An SVG filled with one colour. */
export function solidSvg(width: number, height: number, [r, g, b]: Rgb): string {
  const rect = `<rect width="100%" height="100%" fill="rgb(${r},${g},${b})"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${rect}</svg>`;
}

/** The CSS spelling of a colour, as `getComputedStyle` and {@link colorAt} report it. */
export function css([r, g, b]: Rgb): string {
  return `rgb(${r}, ${g}, ${b})`;
}

/** A 1×1 transparent GIF, the usual lazy-loading stand-in. */
export const BLANK_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
