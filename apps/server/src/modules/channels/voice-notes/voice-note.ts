import { randomBytes } from 'node:crypto';
import { buildOpusHead, isOpusHead, writeOggOpus } from './ogg-opus-writer.ts';
import { readWebmOpus } from './webm-opus-reader.ts';

/** WhatsApp plays push-to-talk notes only as Ogg Opus. */
export const OGG_OPUS_MIMETYPE = 'audio/ogg; codecs=opus';

const NS_PER_SAMPLE = 1e9 / 48_000;
/**
 * libopus's encoder look-ahead at 48 kHz (2.5 ms + 4 ms). Chromium writes a pre-skip of 0 and
 * no CodecDelay although its libopus encoder delays by this much; players warn on 0.
 */
const LIBOPUS_PRE_SKIP = 312;

/**
 * WebM/Opus (what Chromium's MediaRecorder writes) → Ogg/Opus, without decoding: the same
 * Opus packets, re-framed. Throws when the file has no Opus track.
 */
export function remuxWebmOpusToOgg(webm: Uint8Array, options: { serial?: number } = {}) {
  const track = readWebmOpus(webm);
  let head: Buffer;
  if (track.codecPrivate && isOpusHead(track.codecPrivate)) {
    head = Buffer.from(track.codecPrivate);
    // Matroska keeps the encoder delay in CodecDelay; when the head left pre-skip at 0, use it.
    const delaySamples = Math.round(track.codecDelayNs / NS_PER_SAMPLE) || LIBOPUS_PRE_SKIP;
    if (head.readUInt16LE(10) === 0) head.writeUInt16LE(Math.min(delaySamples, 0xffff), 10);
  } else {
    if (track.channels > 2) throw new Error('Opus track without a usable codec header');
    const rate = Math.round(track.samplingFrequency) || 48_000;
    head = buildOpusHead(track.channels, rate, Math.round(track.codecDelayNs / NS_PER_SAMPLE) || LIBOPUS_PRE_SKIP);
  }
  return writeOggOpus({
    head,
    packets: track.packets,
    endTrimSamples: Math.round(track.discardPaddingNs / NS_PER_SAMPLE),
    serial: options.serial ?? randomBytes(4).readUInt32LE(0),
  });
}

const startsWith = (data: Uint8Array, magic: number[]) => magic.every((byte, index) => data[index] === byte);
const isOgg = (data: Uint8Array) => startsWith(data, [0x4f, 0x67, 0x67, 0x53]); // "OggS"
const isEbml = (data: Uint8Array) => startsWith(data, [0x1a, 0x45, 0xdf, 0xa3]);

/** Whether an Ogg file's first packet is an OpusHead (an Ogg Vorbis file is not a voice note). */
function isOggOpus(data: Uint8Array) {
  if (!isOgg(data) || data.length < 28) return false;
  const headerLength = 27 + data[26];
  return isOpusHead(data.subarray(headerLength, headerLength + 19));
}

/**
 * A recorded voice note as WhatsApp wants it: Ogg/Opus bytes, or null when this recording
 * cannot become one without re-encoding (e.g. Safari's AAC in MP4). The content decides, not
 * the mimetype the browser claimed.
 */
export function toVoiceNoteAudio(data: Buffer): Buffer | null {
  if (isOggOpus(data)) return data;
  if (!isEbml(data)) return null;
  try {
    return remuxWebmOpusToOgg(data);
  } catch {
    return null;
  }
}

/**
 * Stored messages have no voice-note column, so the generated display name carries the flag:
 * only the server names files this way (uploads that look alike are renamed).
 */
const VOICE_NOTE_NAME = /^voice-note-\d+\.ogg$/;

export const voiceNoteName = (at: Date) => `voice-note-${at.getTime()}.ogg`;

export const isVoiceNoteName = (name: string | null | undefined) => VOICE_NOTE_NAME.test(name ?? '');

/** An uploaded file's label, kept from passing for a voice note. */
export const notVoiceNoteName = (name: string) => (isVoiceNoteName(name) ? `audio-${name.slice(11)}` : name);
