import type { IncomingMessage } from 'node:http';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Third-party origins the web app shows: WhatsApp profile pictures, YouTube thumbnails and players. */
const PICTURE_ORIGINS = ['https://*.whatsapp.net', 'https://i.ytimg.com'];
const FRAME_ORIGINS = ['https://www.youtube-nocookie.com'];

/** The socket's own origin as ws:/wss: (Safari before 15.4 does not count it under 'self'). */
function socketOrigin(request: IncomingMessage) {
  const host = request.headers.host ?? '';
  if (!/^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i.test(host)) return "'self'";
  const secure = 'encrypted' in request.socket && request.socket.encrypted;
  return `${secure ? 'wss' : 'ws'}://${host}`;
}

/**
 * Security headers on every answer (web app, API, errors): a content security policy that fits
 * the built app, nosniff, a strict referrer policy, no framing; HSTS only on answers that went
 * out over HTTPS (directly, or through a trusted proxy that says so). Uploaded media keeps its
 * own stricter policy (static-files.ts). See docs/decisions/hardening.md.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { frontendUrl?: string }) {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI styles through emotion, which writes <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...PICTURE_ORIGINS],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", (request) => socketOrigin(request as IncomingMessage)],
        frameSrc: FRAME_ORIGINS,
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // The embedder policy would block the YouTube player. A web app hosted on another origin
    // (FRONTEND_URL) shows this server's media in <img>: only then may other origins embed it.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: options.frontendUrl ? 'cross-origin' : 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') {
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
  });
}
