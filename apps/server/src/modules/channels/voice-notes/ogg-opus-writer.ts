import { opusPacketSamples } from './opus-packet.ts';

/**
 * Writes an Ogg Opus stream (RFC 7845): an OpusHead page, an OpusTags page, then the audio
 * packets on pages whose granule position counts the 48 kHz samples decoded so far.
 */

/** Ogg's CRC-32: polynomial 0x04C11DB7, not reflected, initial value 0, no final xor. */
const crcTable = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let bit = 0; bit < 8; bit++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    table[i] = r >>> 0;
  }
  return table;
})();

export function oggCrc32(data: Uint8Array) {
  let crc = 0;
  for (const byte of data) crc = ((crc << 8) ^ crcTable[((crc >>> 24) ^ byte) & 0xff]) >>> 0;
  return crc;
}

const FLAG_FIRST_PAGE = 0x02;
const FLAG_LAST_PAGE = 0x04;
/** Lacing values per page are one byte's worth. */
const MAX_SEGMENTS = 255;
/** About a second of audio per page: small pages, cheap seeking. */
const TARGET_PAGE_SAMPLES = 48_000;

interface PageInput {
  packets: Uint8Array[];
  granule: bigint;
  flags: number;
  serial: number;
  sequence: number;
}

/** Lacing values of one packet: 255 per full 255 bytes, then the remainder (0 when exact). */
function lacingOf(packet: Uint8Array) {
  const values = new Array<number>(Math.floor(packet.length / 255)).fill(255);
  values.push(packet.length % 255);
  return values;
}

export function writeOggPage({ packets, granule, flags, serial, sequence }: PageInput) {
  const lacing = packets.flatMap(lacingOf);
  if (lacing.length > MAX_SEGMENTS) throw new Error('too many segments for one Ogg page');
  const bodyLength = packets.reduce((sum, packet) => sum + packet.length, 0);
  const page = Buffer.alloc(27 + lacing.length + bodyLength);
  page.write('OggS', 0, 'latin1');
  page[4] = 0; // stream structure version
  page[5] = flags;
  page.writeBigInt64LE(granule, 6);
  page.writeUInt32LE(serial >>> 0, 14);
  page.writeUInt32LE(sequence, 18);
  // bytes 22..25: the CRC, computed with them at zero
  page[26] = lacing.length;
  page.set(lacing, 27);
  let offset = 27 + lacing.length;
  for (const packet of packets) {
    page.set(packet, offset);
    offset += packet.length;
  }
  page.writeUInt32LE(oggCrc32(page), 22);
  return page;
}

/** OpusHead (RFC 7845 §5.1) for a mono or stereo stream (channel mapping family 0). */
export function buildOpusHead(channels: number, inputSampleRate: number, preSkip: number) {
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head[8] = 1; // version
  head[9] = channels;
  head.writeUInt16LE(preSkip, 10);
  head.writeUInt32LE(inputSampleRate, 12);
  head.writeInt16LE(0, 16); // output gain
  head[18] = 0; // mapping family
  return head;
}

/** OpusTags (RFC 7845 §5.2) with a vendor string and no comments. */
export function buildOpusTags(vendor: string) {
  const vendorBytes = Buffer.from(vendor, 'utf8');
  const tags = Buffer.alloc(8 + 4 + vendorBytes.length + 4);
  tags.write('OpusTags', 0, 'latin1');
  tags.writeUInt32LE(vendorBytes.length, 8);
  vendorBytes.copy(tags, 12);
  tags.writeUInt32LE(0, 12 + vendorBytes.length);
  return tags;
}

/** Whether `head` is an OpusHead this writer can carry (version 0.x, at least 19 bytes). */
export function isOpusHead(head: Uint8Array) {
  return (
    head.length >= 19 &&
    Buffer.from(head.subarray(0, 8)).toString('latin1') === 'OpusHead' &&
    (head[8] & 0xf0) === 0 &&
    head[9] > 0
  );
}

export interface OggOpusInput {
  head: Uint8Array;
  packets: Uint8Array[];
  /** 48 kHz samples to drop from the end of the last packet (sets the last granule lower). */
  endTrimSamples?: number;
  serial: number;
  vendor?: string;
}

/** The whole Ogg Opus file. */
export function writeOggOpus({ head, packets, endTrimSamples = 0, serial, vendor = 'wacrm' }: OggOpusInput) {
  if (!isOpusHead(head)) throw new Error('invalid OpusHead');
  if (packets.length === 0) throw new Error('no audio packets');
  let sequence = 0;
  const pages: Buffer[] = [
    writeOggPage({ packets: [head], granule: 0n, flags: FLAG_FIRST_PAGE, serial, sequence: sequence++ }),
    writeOggPage({ packets: [buildOpusTags(vendor)], granule: 0n, flags: 0, serial, sequence: sequence++ }),
  ];

  let granule = 0n;
  let page: Uint8Array[] = [];
  let segments = 0;
  let pageSamples = 0;
  const flush = (isLast: boolean) => {
    const last = isLast ? granule - BigInt(Math.min(endTrimSamples, pageSamples)) : granule;
    pages.push(
      writeOggPage({ packets: page, granule: last, flags: isLast ? FLAG_LAST_PAGE : 0, serial, sequence: sequence++ }),
    );
    page = [];
    segments = 0;
    pageSamples = 0;
  };
  for (const [index, packet] of packets.entries()) {
    const packetSegments = lacingOf(packet).length;
    if (segments + packetSegments > MAX_SEGMENTS) flush(false);
    const samples = opusPacketSamples(packet);
    page.push(packet);
    segments += packetSegments;
    pageSamples += samples;
    granule += BigInt(samples);
    const isLast = index === packets.length - 1;
    if (isLast || pageSamples >= TARGET_PAGE_SAMPLES) flush(isLast);
  }
  return Buffer.concat(pages);
}
