import { type FlowMediaKind, flowMediaKinds } from '@wacrm/shared';

const startsWith = (data: Buffer, bytes: number[], offset = 0) =>
  bytes.every((byte, index) => data[offset + index] === byte);

/**
 * The MIME type of a flow upload read from its first bytes, never from its name or the browser's
 * claim (issue 17: "uploads type-checked from the content"). Only the spec's formats: png/jpeg,
 * ogg (opus too)/mp3, mp4.
 */
export function sniffFlowMedia(data: Buffer): { kind: FlowMediaKind; mimetype: string; extension: string } | null {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { kind: 'img', mimetype: 'image/png', extension: 'png' };
  if (startsWith(data, [0xff, 0xd8, 0xff])) return { kind: 'img', mimetype: 'image/jpeg', extension: 'jpg' };
  if (startsWith(data, [0x4f, 0x67, 0x67, 0x53])) return { kind: 'audio', mimetype: 'audio/ogg', extension: 'ogg' };
  if (startsWith(data, [0x49, 0x44, 0x33]) || (data[0] === 0xff && data.length > 1 && (data[1] & 0xe0) === 0xe0))
    return { kind: 'audio', mimetype: 'audio/mpeg', extension: 'mp3' };
  if (startsWith(data, [0x66, 0x74, 0x79, 0x70], 4)) return { kind: 'video', mimetype: 'video/mp4', extension: 'mp4' };
  return null;
}

export const maxBytesOf = (kind: FlowMediaKind) => flowMediaKinds[kind].maxBytes;

/** A stored media path of this company, as the upload routes answer it. */
export function isCompanyMediaPath(companyId: number, path: string) {
  return new RegExp(`^company-${companyId}/[0-9a-f-]{36}\\.(png|jpg|ogg|mp3|mp4)$`).test(path);
}

export const mimetypeOfPath = (path: string) =>
  ({ png: 'image/png', jpg: 'image/jpeg', ogg: 'audio/ogg', mp3: 'audio/mpeg', mp4: 'video/mp4' })[
    path.split('.').pop() ?? ''
  ] ?? 'application/octet-stream';

/** Every media path a flow's nodes name (media nodes and content blocks), for export and checks. */
export function mediaPathsOf(nodes: { type: string; data: Record<string, unknown> }[]) {
  const paths: string[] = [];
  for (const node of nodes) {
    if (['img', 'audio', 'video'].includes(node.type) && typeof node.data.url === 'string') paths.push(node.data.url);
    if (node.type === 'content' || node.type === 'singleBlock') {
      for (const element of (node.data.elements as { type: string; value: string }[] | undefined) ?? []) {
        if (['img', 'audio', 'video'].includes(element.type)) paths.push(element.value);
      }
    }
  }
  return paths;
}

/** The same nodes with each media path replaced (import into another company). */
export function replaceMediaPaths<T extends { type: string; data: Record<string, unknown> }>(
  nodes: T[],
  map: Map<string, string>,
) {
  return nodes.map((node) => {
    if (['img', 'audio', 'video'].includes(node.type) && typeof node.data.url === 'string')
      return { ...node, data: { ...node.data, url: map.get(node.data.url) ?? node.data.url } };
    if (node.type === 'content' || node.type === 'singleBlock') {
      const elements = ((node.data.elements as { type: string; value: string }[] | undefined) ?? []).map((element) =>
        ['img', 'audio', 'video'].includes(element.type)
          ? { ...element, value: map.get(element.value) ?? element.value }
          : element,
      );
      return { ...node, data: { ...node.data, elements } };
    }
    return node;
  });
}
