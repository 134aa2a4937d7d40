import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * A local stand-in for an S3-compatible bucket (path-style URLs), speaking the REST calls our
 * storage makes through the official AWS SDK: PutObject, GetObject (signed header or presigned
 * query), DeleteObject, ListObjectsV2 and DeleteObjects. Unsigned requests are refused, as S3 does.
 */
export async function startFakeS3() {
  const objects = new Map<string, Buffer>();
  const xml = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, { 'content-type': 'application/xml' });
    res.end(`<?xml version="1.0" encoding="UTF-8"?>${body}`);
  };
  const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const read = (req: IncomingMessage) =>
    new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => resolve(Buffer.concat(chunks)));
    });

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const signed = Boolean(
      req.headers.authorization?.startsWith('AWS4-HMAC-SHA256') || url.searchParams.get('X-Amz-Signature'),
    );
    if (!signed) return xml(res, 403, '<Error><Code>AccessDenied</Code></Error>');
    const [, bucket, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const id = `${bucket}/${key}`;
    const body = await read(req);

    if (req.method === 'PUT' && key) {
      objects.set(id, body);
      res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
      return res.end();
    }
    if (req.method === 'GET' && key) {
      const object = objects.get(id);
      if (!object) return xml(res, 404, '<Error><Code>NoSuchKey</Code></Error>');
      res.writeHead(200, { 'content-length': object.length, 'content-type': 'application/octet-stream' });
      return res.end(object);
    }
    if (req.method === 'DELETE' && key) {
      objects.delete(id);
      res.writeHead(204);
      return res.end();
    }
    if (req.method === 'GET' && url.searchParams.get('list-type') === '2') {
      const prefix = `${bucket}/${url.searchParams.get('prefix') ?? ''}`;
      const keys = [...objects.keys()].filter((name) => name.startsWith(prefix));
      const contents = keys
        .map(
          (name) =>
            `<Contents><Key>${escapeXml(name.slice(bucket.length + 1))}</Key><Size>${objects.get(name)?.length}</Size></Contents>`,
        )
        .join('');
      return xml(
        res,
        200,
        `<ListBucketResult><Name>${bucket}</Name><KeyCount>${keys.length}</KeyCount><IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`,
      );
    }
    if (req.method === 'POST' && url.searchParams.has('delete')) {
      const keys = [...body.toString('utf8').matchAll(/<Key>([^<]+)<\/Key>/g)].map((match) => match[1]);
      for (const name of keys) objects.delete(`${bucket}/${name}`);
      return xml(
        res,
        200,
        `<DeleteResult>${keys.map((name) => `<Deleted><Key>${name}</Key></Deleted>`).join('')}</DeleteResult>`,
      );
    }
    xml(res, 400, '<Error><Code>NotImplemented</Code></Error>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
