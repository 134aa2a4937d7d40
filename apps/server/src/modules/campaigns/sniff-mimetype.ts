/**
 * The type of an uploaded file from its first bytes, never from its name (a file list's options are
 * sent to customers as they are stored). Answers null for content it does not recognise.
 */
export function sniffMimetype(data: Buffer): { mimetype: string; extension: string } | null {
  const at = (offset: number, bytes: number[]) => bytes.every((byte, index) => data[offset + index] === byte);
  const ascii = (offset: number, text: string) =>
    data.subarray(offset, offset + text.length).toString('latin1') === text;
  if (at(0, [0x89, 0x50, 0x4e, 0x47])) return { mimetype: 'image/png', extension: 'png' };
  if (at(0, [0xff, 0xd8, 0xff])) return { mimetype: 'image/jpeg', extension: 'jpg' };
  if (ascii(0, 'GIF8')) return { mimetype: 'image/gif', extension: 'gif' };
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return { mimetype: 'image/webp', extension: 'webp' };
  if (ascii(0, '%PDF-')) return { mimetype: 'application/pdf', extension: 'pdf' };
  if (ascii(4, 'ftyp')) return { mimetype: 'video/mp4', extension: 'mp4' };
  if (ascii(0, 'OggS')) return { mimetype: 'audio/ogg', extension: 'ogg' };
  if (ascii(0, 'ID3') || (data[0] === 0xff && (data[1] & 0xe0) === 0xe0))
    return { mimetype: 'audio/mpeg', extension: 'mp3' };
  if (at(0, [0x50, 0x4b, 0x03, 0x04])) return { mimetype: 'application/zip', extension: 'zip' };
  return null;
}
