import { describe, expect, it } from 'vitest';
import { buildOpusHead, oggCrc32, writeOggOpus } from './ogg-opus-writer.ts';
import { parseOggPages } from './ogg-pages.test-helper.ts';
import { opusPacketSamples } from './opus-packet.ts';

describe('oggCrc32', () => {
  it('is CRC-32 with polynomial 0x04C11DB7, no reflection, initial 0 and no final xor', () => {
    // CRC-32/CKSUM (same polynomial, final xor of all ones) checks "123456789" as 0x765E7680;
    // without the final xor that is 0x89A1897F.
    expect(oggCrc32(Buffer.from('123456789'))).toBe(0x89a1897f);
    expect(oggCrc32(Buffer.alloc(0))).toBe(0);
  });
});

describe('opusPacketSamples', () => {
  it.each([
    ['SILK 10 ms, one frame', [0 << 3], 480],
    ['SILK 60 ms, one frame', [3 << 3], 2880],
    ['Hybrid 20 ms, two equal frames', [(13 << 3) | 1], 1920],
    ['CELT 2.5 ms, two frames of different sizes', [(16 << 3) | 2], 240],
    ['CELT 20 ms, code 3 with 3 frames (what Chromium writes)', [0xfb, 0x03], 2880],
    ['CELT 20 ms, code 3 VBR with padding flag and 6 frames', [0xfb, 0xc6], 5760],
  ])('%s', (_label, bytes, samples) => {
    expect(opusPacketSamples(Uint8Array.from(bytes))).toBe(samples);
  });

  it('refuses an empty packet and a code 3 packet without its count', () => {
    expect(() => opusPacketSamples(new Uint8Array())).toThrow();
    expect(() => opusPacketSamples(Uint8Array.from([0xfb]))).toThrow();
  });
});

describe('writeOggOpus', () => {
  // 20 ms CELT packets (code 0): 960 samples each.
  const packet = (size: number, fill: number) => Buffer.concat([Buffer.from([0xf8]), Buffer.alloc(size - 1, fill)]);

  it('writes head and tags pages, then audio pages with cumulative granules, BOS/EOS and valid CRCs', () => {
    const packets = Array.from({ length: 120 }, (_, index) => packet(index === 7 ? 600 : 40, index));
    const ogg = writeOggOpus({ head: buildOpusHead(1, 48_000, 312), packets, serial: 0xabcdef01 });
    const pages = parseOggPages(ogg);

    expect(pages.map((page) => page.sequence)).toEqual(pages.map((_, index) => index));
    expect(new Set(pages.map((page) => page.serial))).toEqual(new Set([0xabcdef01]));
    for (const page of pages) expect(oggCrc32(page.bytesForCrc)).toBe(page.crc);
    expect(pages[0]).toMatchObject({ flags: 0x02, granule: 0n });
    expect(pages[0].packets).toHaveLength(1);
    expect(pages[0].packets[0].toString('latin1', 0, 8)).toBe('OpusHead');
    expect(pages[1]).toMatchObject({ flags: 0, granule: 0n });
    expect(pages[1].packets[0].toString('latin1', 0, 8)).toBe('OpusTags');
    expect(pages.at(-1)?.flags).toBe(0x04);
    expect(pages.slice(2, -1).every((page) => page.flags === 0)).toBe(true);

    // Packets come back unchanged and in order; each page's granule counts the samples so far.
    const audio = pages.slice(2);
    expect(audio.flatMap((page) => page.packets)).toEqual(packets);
    let samples = 0n;
    for (const page of audio) {
      samples += BigInt(page.packets.length * 960);
      expect(page.granule).toBe(samples);
      // About a second per page.
      expect(page.packets.length).toBeLessThanOrEqual(50);
    }
    expect(samples).toBe(120n * 960n);
    // The 600-byte packet takes 3 lacing values (255, 255, 90).
    expect(audio[0].segments).toBe(49 + 3);
  });

  it('trims the end by lowering the last granule', () => {
    const ogg = writeOggOpus({
      head: buildOpusHead(2, 44_100, 312),
      packets: [packet(10, 1), packet(10, 2)],
      endTrimSamples: 100,
      serial: 1,
    });
    const pages = parseOggPages(ogg);
    expect(pages.at(-1)?.granule).toBe(1920n - 100n);
    expect(pages[0].packets[0][9]).toBe(2);
    expect(pages[0].packets[0].readUInt32LE(12)).toBe(44_100);
  });

  it('starts a new page before one would exceed 255 lacing values', () => {
    const big = Array.from({ length: 4 }, (_, index) => packet(255 * 100, index));
    const pages = parseOggPages(writeOggOpus({ head: buildOpusHead(1, 48_000, 0), packets: big, serial: 7 }));
    const audio = pages.slice(2);
    expect(audio.map((page) => page.packets.length)).toEqual([2, 2]);
    expect(audio.every((page) => page.segments <= 255)).toBe(true);
    expect(audio.map((page) => page.granule)).toEqual([1920n, 3840n]);
  });

  it('refuses a bad head or no audio', () => {
    expect(() => writeOggOpus({ head: Buffer.from('OpusHeaX'), packets: [packet(5, 0)], serial: 1 })).toThrow();
    expect(() => writeOggOpus({ head: buildOpusHead(1, 48_000, 0), packets: [], serial: 1 })).toThrow();
  });
});
