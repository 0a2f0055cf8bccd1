import { readFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';

const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
};

/**
 * A real PNG of one colour (8-bit RGB, or RGBA with `alpha`), for logo tests. `corrupt` breaks the compressed pixel
 * data while keeping every chunk's checksum right, so only a decoder notices.
 */
export function solidPng(width: number, height: number, options: { rgb?: [number, number, number]; alpha?: number; corrupt?: boolean } = {}): Buffer {
  const [red, green, blue] = options.rgb ?? [29, 78, 216];
  const channels = options.alpha === undefined ? 3 : 4;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = channels === 4 ? 6 : 2;
  const row = Buffer.alloc(1 + width * channels);
  for (let x = 0; x < width; x += 1) {
    row[1 + x * channels] = red;
    row[2 + x * channels] = green;
    row[3 + x * channels] = blue;
    if (channels === 4) row[4 + x * channels] = options.alpha!;
  }
  let pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  if (options.corrupt) pixels = Buffer.concat([pixels.subarray(0, 2), Buffer.alloc(pixels.length - 2, 0xff)]);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

/** A real 180 × 60 JPEG (777 bytes, made with ImageMagick), for logo tests. */
export const sampleJpeg = (): Buffer => readFileSync(new URL('./fixtures/logo.jpg', import.meta.url));
