import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { oggCrc32 } from './ogg-opus-writer.ts';
import { parseOggPages } from './ogg-pages.test-helper.ts';
import { opusPacketSamples } from './opus-packet.ts';
import {
  isVoiceNoteName,
  notVoiceNoteName,
  remuxWebmOpusToOgg,
  toVoiceNoteAudio,
  voiceNoteName,
} from './voice-note.ts';
import { readBlock, readWebmOpus } from './webm-opus-reader.ts';

/**
 * A real recording: 1.5 s from Debian's chromium MediaRecorder (fake microphone, the composer's
 * settings: `audio/webm;codecs=opus`, 128 kbit/s). 25 packets of 60 ms (code 3, three 20 ms frames).
 */
const recording = readFileSync(new URL('../../../../test/fixtures/voice-note-chromium.webm', import.meta.url));

/** The same recording as a live one is written: Segment and Clusters of unknown size. */
function withUnknownSizes(webm: Buffer) {
  const copy = Buffer.from(webm);
  let patched = 0;
  for (const id of [
    [0x18, 0x53, 0x80, 0x67],
    [0x1f, 0x43, 0xb6, 0x75],
  ]) {
    for (let at = copy.indexOf(Buffer.from(id)); at >= 0; at = copy.indexOf(Buffer.from(id), at + 4)) {
      // Chromium writes these sizes on 8 bytes (0x01 + 7); all data bits set means "unknown".
      // (The same ids also appear as values inside the SeekHead: those are not followed by 0x01.)
      if (copy[at + 4] !== 0x01) continue;
      copy.fill(0xff, at + 5, at + 12);
      patched++;
    }
  }
  expect(patched).toBeGreaterThanOrEqual(2);
  return copy;
}

describe('readWebmOpus on a Chromium recording', () => {
  it('finds the Opus track, its header and every packet', () => {
    const track = readWebmOpus(recording);
    expect(track.channels).toBe(1);
    expect(track.samplingFrequency).toBe(48_000);
    expect(Buffer.from(track.codecPrivate!).toString('latin1', 0, 8)).toBe('OpusHead');
    expect(track.packets).toHaveLength(25);
    expect(track.packets.map(opusPacketSamples)).toEqual(Array(25).fill(2880));
  });

  it('reads a live recording (unknown sizes) the same way', () => {
    const live = readWebmOpus(withUnknownSizes(recording));
    expect(live.packets).toEqual(readWebmOpus(recording).packets);
  });

  it('keeps what came before a recording cut short in its last block', () => {
    const track = readWebmOpus(recording);
    const lastPacket = Buffer.from(track.packets.at(-1)!);
    const cut = recording.subarray(0, recording.indexOf(lastPacket) + 10);
    expect(readWebmOpus(cut).packets).toHaveLength(24);
  });

  it('refuses what is not WebM with Opus', () => {
    expect(() => readWebmOpus(Buffer.from('ID3 not a webm file'))).toThrow();
    const noOpus = Buffer.from(recording);
    noOpus.write('A_VORB', noOpus.indexOf('A_OPUS'), 'latin1');
    expect(() => readWebmOpus(noOpus)).toThrow(/no Opus audio track/);
  });
});

describe('readBlock lacing', () => {
  const block = (flags: number, lacing: number[], data: number[]) =>
    Uint8Array.from([0x81, 0x00, 0x00, flags, ...lacing, ...data]);
  const bytes = (size: number, fill: number) => Array<number>(size).fill(fill);
  const sizes = (frames: Uint8Array[]) => frames.map((frame) => frame.length);

  it('reads unlaced, Xiph, EBML and fixed-size laced blocks', () => {
    expect(readBlock(block(0x80, [], bytes(7, 1)))).toMatchObject({ track: 1 });
    expect(sizes(readBlock(block(0x80, [], bytes(7, 1))).frames)).toEqual([7]);
    const data = [...bytes(300, 1), ...bytes(2, 2), ...bytes(5, 3)];
    expect(sizes(readBlock(block(0x82, [2, 255, 45, 2], data)).frames)).toEqual([300, 2, 5]);
    // EBML: 300 as a 2-byte number, then 2 - 300 = -298 as a signed 2-byte difference.
    const ebml = readBlock(block(0x86, [2, 0x41, 0x2c, 0x5e, 0xd5], data)).frames;
    expect(sizes(ebml)).toEqual([300, 2, 5]);
    expect([ebml[0][0], ebml[1][0], ebml[2][0]]).toEqual([1, 2, 3]);
    expect(sizes(readBlock(block(0x84, [2], bytes(12, 4))).frames)).toEqual([4, 4, 4]);
  });

  it('refuses lace sizes beyond the block', () => {
    expect(() => readBlock(block(0x82, [1, 200], bytes(20, 1)))).toThrow();
    expect(() => readBlock(block(0x84, [2], bytes(10, 1)))).toThrow();
  });
});

describe('remuxWebmOpusToOgg', () => {
  it('turns the recording into a valid Ogg Opus stream with the same packets and exact granules', () => {
    const track = readWebmOpus(recording);
    const ogg = remuxWebmOpusToOgg(recording, { serial: 42 });
    const pages = parseOggPages(ogg);
    for (const page of pages) {
      expect(page.serial).toBe(42);
      expect(oggCrc32(page.bytesForCrc)).toBe(page.crc);
    }
    expect(pages.map((page) => page.sequence)).toEqual(pages.map((_, index) => index));
    expect(pages[0].flags).toBe(0x02);
    expect(pages.at(-1)?.flags).toBe(0x04);

    const head = pages[0].packets[0];
    expect(head.toString('latin1', 0, 8)).toBe('OpusHead');
    expect(head[9]).toBe(1); // mono, as recorded
    expect(head.readUInt16LE(10)).toBe(312); // libopus's look-ahead (Chromium writes 0)
    expect(head.readUInt32LE(12)).toBe(48_000);
    expect(pages[1].packets[0].toString('latin1', 0, 8)).toBe('OpusTags');

    const audio = pages.slice(2);
    expect(audio.flatMap((page) => page.packets)).toEqual(track.packets.map((packet) => Buffer.from(packet)));
    let samples = 0n;
    for (const page of audio) {
      samples += BigInt(page.packets.reduce((sum, packet) => sum + opusPacketSamples(packet), 0));
      expect(page.granule).toBe(samples);
    }
    // 1.5 s at 48 kHz: what players show as the duration (minus the pre-skip).
    expect(audio.at(-1)?.granule).toBe(72_000n);
  });

  it('gives the same audio for the live (unknown-size) form', () => {
    expect(remuxWebmOpusToOgg(withUnknownSizes(recording), { serial: 1 })).toEqual(
      remuxWebmOpusToOgg(recording, { serial: 1 }),
    );
  });
});

describe('toVoiceNoteAudio', () => {
  it('remuxes WebM, keeps Ogg Opus, and answers null for what it cannot turn into one', () => {
    const ogg = toVoiceNoteAudio(recording)!;
    expect(ogg.toString('latin1', 0, 4)).toBe('OggS');
    expect(toVoiceNoteAudio(ogg)).toBe(ogg);
    // An Ogg file whose first packet is not OpusHead (Vorbis) is not a voice note.
    const vorbis = Buffer.from(ogg);
    vorbis.write('\x01vorbis!', 28, 'latin1');
    expect(toVoiceNoteAudio(vorbis)).toBeNull();
    // Safari's AAC in MP4, or anything else.
    expect(toVoiceNoteAudio(Buffer.from('\x00\x00\x00\x20ftypM4A ', 'latin1'))).toBeNull();
    expect(toVoiceNoteAudio(recording.subarray(0, 40))).toBeNull();
  });
});

describe('voice note names', () => {
  it('marks the generated name only, and renames uploads that would pass for one', () => {
    const name = voiceNoteName(new Date(1_700_000_000_000));
    expect(name).toBe('voice-note-1700000000000.ogg');
    expect(isVoiceNoteName(name)).toBe(true);
    expect(isVoiceNoteName('song.ogg')).toBe(false);
    expect(isVoiceNoteName(null)).toBe(false);
    expect(notVoiceNoteName(name)).toBe('audio-1700000000000.ogg');
    expect(notVoiceNoteName('song.ogg')).toBe('song.ogg');
  });
});
