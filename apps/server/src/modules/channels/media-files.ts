import type { MediaType } from './channel-adapter.ts';

/** Extensions that a browser could run as a page or script: such files are stored as .bin. */
const unsafeExtensions = new Set(['html', 'htm', 'xhtml', 'svg', 'svgz', 'js', 'mjs', 'xml', 'php', 'shtml']);
const unsafeMimetypes = new Set([
  'text/html',
  'application/xhtml+xml',
  'image/svg+xml',
  'application/javascript',
  'text/javascript',
  'application/x-msdownload',
]);

/** The spec's media type of a file, from its MIME type. */
export function mediaTypeOf(mimetype: string): MediaType {
  const kind = mimetype.split('/')[0]?.toLowerCase();
  if (kind === 'image' || kind === 'audio' || kind === 'video') return kind;
  return 'application';
}

/** Whether a file of this MIME type may be stored (type check before anything is written). */
export function isAcceptedMimetype(mimetype: string) {
  const normalised = mimetype.toLowerCase().split(';')[0].trim();
  return /^[a-z]+\/[a-z0-9.+-]+$/.test(normalised) && !unsafeMimetypes.has(normalised);
}

/** The extension a stored file gets: the original one unless a browser could execute it. */
export function safeExtension(filename: string) {
  const extension = filename.includes('.') ? (filename.split('.').pop() ?? '').toLowerCase() : '';
  return unsafeExtensions.has(extension) ? 'bin' : extension;
}

/** The original name as a label only (never a path): no folders, no control characters. */
export function displayName(filename: string) {
  return (
    (filename.split(/[\\/]/).pop() ?? '')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .trim()
      .slice(-200) || 'file'
  );
}

const mimetypesByExtension: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  '3gp': 'video/3gpp',
  mov: 'video/quicktime',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  wav: 'audio/wav',
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
  zip: 'application/zip',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * The MIME type of a stored file for sending. The messages table keeps the media type and the
 * name but not the MIME type, so it is read back from the extension.
 */
export function mimetypeOf(filename: string, mediaType: string | null) {
  const extension = filename.includes('.') ? (filename.split('.').pop() ?? '').toLowerCase() : '';
  return (
    mimetypesByExtension[extension] ??
    (mediaType === 'application' || !mediaType
      ? 'application/octet-stream'
      : `${mediaType}/${extension || 'octet-stream'}`)
  );
}
