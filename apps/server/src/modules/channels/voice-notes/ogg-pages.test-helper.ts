/** Reads an Ogg stream back into pages and packets, to check what the writer produced. */
export interface ParsedPage {
  flags: number;
  granule: bigint;
  serial: number;
  sequence: number;
  crc: number;
  /** The page with its CRC field zeroed, as the CRC is computed. */
  bytesForCrc: Buffer;
  /** Packets that end on this page (the writer never splits one across pages). */
  packets: Buffer[];
  segments: number;
}

export function parseOggPages(data: Buffer): ParsedPage[] {
  const pages: ParsedPage[] = [];
  let offset = 0;
  while (offset < data.length) {
    if (data.toString('latin1', offset, offset + 4) !== 'OggS') throw new Error(`no capture pattern at ${offset}`);
    if (data[offset + 4] !== 0) throw new Error('unknown Ogg version');
    const segments = data[offset + 26];
    const lacing = [...data.subarray(offset + 27, offset + 27 + segments)];
    const bodyLength = lacing.reduce((sum, value) => sum + value, 0);
    const end = offset + 27 + segments + bodyLength;
    const page = Buffer.from(data.subarray(offset, end));
    const crc = page.readUInt32LE(22);
    page.writeUInt32LE(0, 22);
    const packets: Buffer[] = [];
    let start = offset + 27 + segments;
    let length = 0;
    for (const value of lacing) {
      length += value;
      if (value < 255) {
        packets.push(Buffer.from(data.subarray(start, start + length)));
        start += length;
        length = 0;
      }
    }
    if (length > 0) throw new Error('a packet continues on the next page');
    pages.push({
      flags: data[offset + 5],
      granule: data.readBigInt64LE(offset + 6),
      serial: data.readUInt32LE(offset + 14),
      sequence: data.readUInt32LE(offset + 18),
      crc,
      bytesForCrc: page,
      packets,
      segments,
    });
    offset = end;
  }
  return pages;
}
