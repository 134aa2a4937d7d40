import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MediaSigner } from '../storage/media-signature.ts';

function safeDecode(value: string) {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/**
 * The built web app at every non-API path (index.html for client-side routes) and uploaded
 * media under /public. @fastify/static refuses paths that leave its root.
 */
export async function registerStaticFiles(
  app: FastifyInstance,
  options: {
    webDistDir: string | null;
    publicDir: string;
    signer: MediaSigner;
    /** Media in a bucket: a valid link is answered with a redirect to a short presigned bucket URL. */
    bucketUrlOf?: (relativePath: string) => Promise<string>;
  },
) {
  mkdirSync(options.publicDir, { recursive: true });
  // Media is served only through signed, expiring links (storage.urlOf makes them).
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/public/')) return;
    const url = new URL(request.url, 'http://localhost');
    const relativePath = safeDecode(url.pathname.slice('/public/'.length));
    const { exp, sig } = Object.fromEntries(url.searchParams);
    if (relativePath === null || !options.signer.verify(relativePath, exp, sig)) {
      return reply.status(404).send({ error: 'ERR_NOT_FOUND', message: 'Not found' });
    }
    if (options.bucketUrlOf) {
      const target = await options.bucketUrlOf(relativePath).catch(() => null);
      if (!target) return reply.status(404).send({ error: 'ERR_NOT_FOUND', message: 'Not found' });
      return reply.header('Cache-Control', 'private, max-age=60').redirect(target, 302);
    }
  });
  await app.register(fastifyStatic, {
    root: options.publicDir,
    prefix: '/public/',
    decorateReply: false,
    dotfiles: 'deny',
    index: false,
    // Uploaded files are data, never pages or scripts of this origin.
    setHeaders: (res) => {
      res.header('X-Content-Type-Options', 'nosniff');
      res.header('Content-Security-Policy', "default-src 'none'; img-src 'self'; media-src 'self'; sandbox");
    },
  });

  const webDistDir =
    options.webDistDir && existsSync(path.join(options.webDistDir, 'index.html')) ? options.webDistDir : null;
  if (!webDistDir) {
    app.log.warn({ webDistDir: options.webDistDir }, 'web app not built: serving the API only (run npm run build)');
    return { serveSpa: null };
  }
  await app.register(fastifyStatic, {
    root: webDistDir,
    prefix: '/',
    wildcard: false,
    index: false,
    setHeaders: (res, filePath) => {
      // Vite fingerprints assets, so they can be cached for good; index.html never.
      const isAsset = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', isAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return {
    serveSpa: (_request: FastifyRequest, reply: FastifyReply) =>
      reply.header('Cache-Control', 'no-cache').sendFile('index.html', webDistDir),
  };
}
