/**
 * Reads the Opus audio track of a WebM (Matroska) file: its codec header and its packets in
 * order. Enough of EBML for what browsers' MediaRecorder writes, including the unknown-size
 * Segment and Clusters of a live recording; timestamps are not needed (Ogg counts samples).
 */

export class WebmReadError extends Error {}

/** The Matroska element ids this reader looks at. */
const ids = {
  ebml: 0x1a45dfa3,
  segment: 0x18538067,
  info: 0x1549a966,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackNumber: 0xd7,
  trackType: 0x83,
  codecId: 0x86,
  codecPrivate: 0x63a2,
  codecDelay: 0x56aa,
  audio: 0xe1,
  samplingFrequency: 0xb5,
  channels: 0x9f,
  cluster: 0x1f43b675,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
  block: 0xa1,
  discardPadding: 0x75a2,
} as const;

/** Containers whose children are read in place (everything else is skipped by its size). */
const containers = new Set<number>([
  ids.segment,
  ids.info,
  ids.tracks,
  ids.trackEntry,
  ids.audio,
  ids.cluster,
  ids.blockGroup,
]);

const TRACK_TYPE_AUDIO = 2;

export interface WebmOpusTrack {
  /** The track's CodecPrivate (an OpusHead), when the file has one. */
  codecPrivate: Uint8Array | null;
  /** Matroska's CodecDelay in nanoseconds (the encoder's pre-skip), 0 when absent. */
  codecDelayNs: number;
  channels: number;
  samplingFrequency: number;
  /** The Opus packets, in file order. */
  packets: Uint8Array[];
  /** Nanoseconds to drop from the end of the last packet (DiscardPadding), 0 when absent. */
  discardPaddingNs: number;
}

interface TrackEntry {
  number: number;
  type: number;
  codecId: string;
  codecPrivate: Uint8Array | null;
  codecDelayNs: number;
  channels: number;
  samplingFrequency: number;
}

/** An EBML variable-length integer at `offset`: its length and value (marker bit removed). */
function readVint(data: Uint8Array, offset: number) {
  const first = data[offset];
  if (first === undefined) throw new WebmReadError('truncated number');
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8) throw new WebmReadError('invalid number');
  if (offset + length > data.length) throw new WebmReadError('truncated number');
  let value = first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = data[offset + i];
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { length, value, allOnes };
}

/** An element id keeps its marker bits (ids are written as in the specification). */
function readId(data: Uint8Array, offset: number) {
  const { length } = readVint(data, offset);
  if (length > 4) throw new WebmReadError('invalid element id');
  let id = 0;
  for (let i = 0; i < length; i++) id = id * 256 + data[offset + i];
  return { id, length };
}

function readUint(bytes: Uint8Array) {
  let value = 0;
  for (const byte of bytes) value = value * 256 + byte;
  return value;
}

function readInt(bytes: Uint8Array) {
  if (bytes.length === 0) return 0;
  const unsigned = readUint(bytes);
  return bytes[0] & 0x80 ? unsigned - 2 ** (8 * bytes.length) : unsigned;
}

function readFloat(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length === 4) return view.getFloat32(0);
  if (bytes.length === 8) return view.getFloat64(0);
  return 0;
}

/** The frames of one (Simple)Block: track number, then the payload split by its lacing. */
export function readBlock(body: Uint8Array): { track: number; frames: Uint8Array[] } {
  const track = readVint(body, 0);
  let offset = track.length + 3; // int16 relative timestamp, then the flags byte
  if (offset > body.length) throw new WebmReadError('truncated block');
  const lacing = (body[offset - 1] >> 1) & 0x03;
  if (lacing === 0) return { track: track.value, frames: [body.subarray(offset)] };

  const count = body[offset++] + 1;
  const sizes: number[] = [];
  if (lacing === 1) {
    // Xiph lacing: each size is a run of 255s ended by a smaller byte.
    for (let i = 0; i < count - 1; i++) {
      let size = 0;
      let byte: number;
      do {
        byte = body[offset++];
        if (byte === undefined) throw new WebmReadError('truncated lacing');
        size += byte;
      } while (byte === 255);
      sizes.push(size);
    }
  } else if (lacing === 3) {
    // EBML lacing: the first size, then signed differences to the previous one.
    const first = readVint(body, offset);
    offset += first.length;
    sizes.push(first.value);
    for (let i = 1; i < count - 1; i++) {
      const delta = readVint(body, offset);
      offset += delta.length;
      sizes.push(sizes[i - 1] + delta.value - (2 ** (7 * delta.length - 1) - 1));
    }
  } else {
    // Fixed-size lacing: the rest split evenly.
    const size = (body.length - offset) / count;
    if (!Number.isInteger(size)) throw new WebmReadError('uneven fixed lacing');
    for (let i = 0; i < count - 1; i++) sizes.push(size);
  }
  const frames: Uint8Array[] = [];
  for (const size of sizes) {
    if (size < 0 || offset + size > body.length) throw new WebmReadError('invalid lace size');
    frames.push(body.subarray(offset, offset + size));
    offset += size;
  }
  frames.push(body.subarray(offset));
  return { track: track.value, frames };
}

/** Reads the first Opus audio track of a WebM file. Throws WebmReadError when there is none. */
export function readWebmOpus(file: Uint8Array): WebmOpusTrack {
  const first = file.length >= 4 ? readId(file, 0) : null;
  if (first?.id !== ids.ebml) throw new WebmReadError('not a WebM file');

  const tracks: TrackEntry[] = [];
  let current: TrackEntry | null = null;
  // Blocks come after Tracks in every WebM writer; they are kept by track number until then.
  const blocks: { track: number; frames: Uint8Array[] }[] = [];
  let lastBlockInGroup: (typeof blocks)[number] | null = null;
  const discardByBlock = new Map<(typeof blocks)[number], number>();

  let offset = 0;
  while (offset < file.length) {
    const { id, length: idLength } = readId(file, offset);
    const size = readVint(file, offset + idLength);
    const start = offset + idLength + size.length;
    if (containers.has(id)) {
      // Children are read in place: this also covers the unknown sizes of live recordings.
      if (id === ids.trackEntry) {
        current = {
          number: 0,
          type: 0,
          codecId: '',
          codecPrivate: null,
          codecDelayNs: 0,
          channels: 1,
          samplingFrequency: 48_000,
        };
        tracks.push(current);
      }
      if (id === ids.blockGroup) lastBlockInGroup = null;
      offset = start;
      continue;
    }
    if (size.allOnes) throw new WebmReadError('unknown size on a non-container element');
    const end = start + size.value;
    if (end > file.length) {
      // A recording cut short ends with a partial element: keep what came before it.
      if (id === ids.simpleBlock || id === ids.block || id === ids.cluster) break;
      throw new WebmReadError('truncated element');
    }
    const body = file.subarray(start, end);
    switch (id) {
      case ids.trackNumber:
        if (current) current.number = readUint(body);
        break;
      case ids.trackType:
        if (current) current.type = readUint(body);
        break;
      case ids.codecId:
        if (current) current.codecId = Buffer.from(body).toString('latin1').replace(/\0+$/, '');
        break;
      case ids.codecPrivate:
        if (current) current.codecPrivate = body;
        break;
      case ids.codecDelay:
        if (current) current.codecDelayNs = readUint(body);
        break;
      case ids.channels:
        if (current) current.channels = readUint(body);
        break;
      case ids.samplingFrequency:
        if (current) current.samplingFrequency = readFloat(body);
        break;
      case ids.simpleBlock:
        blocks.push(readBlock(body));
        break;
      case ids.block:
        lastBlockInGroup = readBlock(body);
        blocks.push(lastBlockInGroup);
        break;
      case ids.discardPadding:
        if (lastBlockInGroup) discardByBlock.set(lastBlockInGroup, readInt(body));
        break;
    }
    offset = end;
  }

  const track = tracks.find(
    (entry) => entry.codecId === 'A_OPUS' && (entry.type === TRACK_TYPE_AUDIO || entry.type === 0),
  );
  if (!track) throw new WebmReadError('no Opus audio track');
  const own = blocks.filter((block) => block.track === track.number);
  const packets = own.flatMap((block) => block.frames).filter((frame) => frame.length > 0);
  if (packets.length === 0) throw new WebmReadError('no audio');
  return {
    codecPrivate: track.codecPrivate,
    codecDelayNs: track.codecDelayNs,
    channels: track.channels,
    samplingFrequency: track.samplingFrequency,
    packets,
    discardPaddingNs: Math.max(0, discardByBlock.get(own[own.length - 1]) ?? 0),
  };
}
