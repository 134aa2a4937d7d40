import { announcementMediaExtensions } from '@wacrm/shared';

export type ImageKind = 'png' | 'jpg';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

const startsWith = (data: Uint8Array, signature: number[]) =>
  data.length >= signature.length && signature.every((byte, index) => data[index] === byte);

/** The image kind of the bytes themselves (a name or a declared type can lie), or null. */
export function detectImageKind(data: Uint8Array): ImageKind | null {
  if (startsWith(data, PNG_SIGNATURE)) return 'png';
  if (startsWith(data, JPEG_SIGNATURE)) return 'jpg';
  return null;
}

/** Whether a file name ends in one of the accepted extensions (png, jpg, jpeg). */
export function hasAcceptedExtension(filename: string): boolean {
  const extension = filename.split('.').pop()?.toLowerCase() ?? '';
  return filename.includes('.') && (announcementMediaExtensions as readonly string[]).includes(extension);
}

/**
 * The original name as a display label: no folders, no control characters, at most 200
 * characters. It is only shown, never used as a path (files are stored under generated names).
 */
export function toDisplayName(filename: string, kind: ImageKind): string {
  const base = (filename.split(/[\\/]/).pop() ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  return (base || `image.${kind}`).slice(-200);
}
