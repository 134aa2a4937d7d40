/** Samples per frame at 48 kHz for each TOC configuration (RFC 6716 §3.1, table 2). */
function frameSamples(config: number) {
  if (config < 12) return [480, 960, 1920, 2880][config % 4]; // SILK: 10, 20, 40, 60 ms
  if (config < 16) return [480, 960][config % 2]; // Hybrid: 10, 20 ms
  return [120, 240, 480, 960][config % 4]; // CELT: 2.5, 5, 10, 20 ms
}

/**
 * How many 48 kHz samples one Opus packet decodes to, read from its TOC byte (and the frame
 * count byte of code 3 packets). Ogg granule positions are sums of these.
 */
export function opusPacketSamples(packet: Uint8Array) {
  if (packet.length === 0) throw new Error('empty Opus packet');
  const toc = packet[0];
  const code = toc & 0x03;
  let frames: number;
  if (code === 0) frames = 1;
  else if (code === 1 || code === 2) frames = 2;
  else {
    if (packet.length < 2) throw new Error('Opus code 3 packet without its frame count');
    frames = packet[1] & 0x3f;
  }
  return frames * frameSamples(toc >> 3);
}
