// Writes the installed app's icons (public/icons/*.png) from a drawing made here: a white speech
// bubble on the brand teal. Run it again after changing the drawing: `node scripts/generate-app-icons.mjs`.
// PNG by hand (zlib and a CRC): no image library, nothing downloaded.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

const TEAL = [0x00, 0x80, 0x69];
const WHITE = [0xff, 0xff, 0xff];

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
function png(size, pixel) {
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) row.set(pixel(x + 0.5, y + 0.5), 1 + x * 4);
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The drawing in unit coordinates (0..1): a rounded square (or the whole square for maskable icons,
 * whose corners the system cuts) and a bubble kept inside the safe zone, with its tail bottom left.
 */
function drawing(size, { maskable }) {
  const radius = maskable ? 0 : 0.22;
  const scale = maskable ? 0.62 : 0.78;
  return (px, py) => {
    const x = px / size;
    const y = py / size;
    const cx = Math.min(Math.max(x, radius), 1 - radius);
    const cy = Math.min(Math.max(y, radius), 1 - radius);
    const inSquare = radius === 0 || (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
    if (!inSquare) return [0, 0, 0, 0];
    const u = (x - 0.5) / scale + 0.5;
    const v = (y - 0.5) / scale + 0.5;
    const inBubble = (u - 0.5) ** 2 / 0.36 ** 2 + (v - 0.47) ** 2 / 0.3 ** 2 <= 1;
    const inTail = v > 0.62 && v < 0.86 && u > 0.2 && u < 0.42 && u - 0.2 < (0.86 - v) * 0.9;
    return [...(inBubble || inTail ? WHITE : TEAL), 255];
  };
}

const out = path.join(import.meta.dirname, '..', 'public', 'icons');
mkdirSync(out, { recursive: true });
for (const [name, size, maskable] of [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['maskable-512.png', 512, true],
  ['apple-touch-icon.png', 180, true],
]) {
  writeFileSync(path.join(out, name), png(size, drawing(size, { maskable })));
}
console.log(`icons written to ${path.relative(process.cwd(), out)}`);
