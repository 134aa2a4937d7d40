import { createHmac, timingSafeEqual } from 'node:crypto';
import { cloudApiRoutes } from '@wacrm/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../../../platform/http/app-error.ts';
import { registerContractRoute as route } from '../../../../platform/http/contract-routes.ts';
import type { InboundMessage } from '../../channel-adapter.ts';
import type { SessionInboundHandlers, SessionRef } from '../../session-manager.ts';
import { deliveryFailureReasonOf, type GraphClient } from './graph-client.ts';
import { type CloudInboundMessage, readWebhookBody } from './webhook-payload.ts';

/** A Cloud API connection as its webhook needs it. */
export interface CloudWebhookConnection {
  ref: SessionRef;
  phoneNumberId: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
}

interface WebhookDeps {
  findByWebhookKey(webhookKey: string): Promise<CloudWebhookConnection | null>;
  graph: GraphClient;
  /** The conversation core's intake: stores each message once, moves acks forward. */
  inbound: () => SessionInboundHandlers;
  log: FastifyInstance['log'];
}

const sameText = (presented: string, expected: string) => {
  const left = Buffer.from(presented);
  const right = Buffer.from(expected);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** Whether `X-Hub-Signature-256` is the HMAC-SHA256 of the raw body with the app secret. */
export function isSignedBy(appSecret: string, rawBody: Buffer, header: string | undefined): boolean {
  if (!header?.startsWith('sha256=')) return false;
  const expected = `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
  return sameText(header, expected);
}

/**
 * The webhook Meta calls for each Cloud API connection (docs/cloud-api.md). Any process can
 * answer it: it needs no session. A notification is read only once its signature proves it is
 * Meta's, and answered 200 only once every message and status it carried is stored, so a
 * failure (a 5xx) makes Meta deliver it again; intake stores each message id once.
 */
export function registerCloudApiWebhook(app: FastifyInstance, deps: WebhookDeps) {
  const connectionOf = async (webhookKey: string) => {
    const connection = await deps.findByWebhookKey(webhookKey);
    if (!connection) throw new AppError('ERR_NO_WAPP_FOUND');
    return connection;
  };

  route(
    app,
    cloudApiRoutes.verifyWebhook,
    async (request, reply) => {
      const connection = await connectionOf(request.params.webhookKey);
      const query = request.query;
      const token = query['hub.verify_token'] ?? '';
      if (query['hub.mode'] !== 'subscribe' || !sameText(token, connection.verifyToken)) {
        throw new AppError('ERR_NO_PERMISSION');
      }
      return reply.type('text/plain; charset=utf-8').send(query['hub.challenge'] ?? '');
    },
    { config: { public: true } },
  );

  // The signature covers the body's exact bytes: this scope reads JSON as a buffer, checks the
  // signature against the connection's app secret, and only then parses it.
  const signedBodies = new WeakMap<FastifyRequest, CloudWebhookConnection>();
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer' },
      async (request: FastifyRequest, body: Buffer) => {
        const { webhookKey } = request.params as { webhookKey?: string };
        const connection = await deps.findByWebhookKey(String(webhookKey ?? ''));
        if (!connection) throw new AppError('ERR_NO_WAPP_FOUND');
        const header = request.headers['x-hub-signature-256'];
        if (!isSignedBy(connection.appSecret, body, Array.isArray(header) ? header[0] : header)) {
          throw new AppError('ERR_WEBHOOK_UNAUTHORIZED');
        }
        signedBodies.set(request, connection);
        try {
          return JSON.parse(body.toString('utf8'));
        } catch {
          throw new AppError('ERR_VALIDATION', { fields: { body: 'Not JSON' } });
        }
      },
    );

    route(
      scope,
      cloudApiRoutes.receiveWebhook,
      async (request) => {
        // A body that was not JSON never reached the signature check above.
        const connection = signedBodies.get(request);
        if (!connection) throw new AppError('ERR_WEBHOOK_UNAUTHORIZED');
        return { received: await receive(connection, request.body) };
      },
      // Meta batches up to a thousand changes; media arrives by id, never inline.
      { config: { public: true }, bodyLimit: 4 * 1024 * 1024 },
    );
  });

  async function receive(connection: CloudWebhookConnection, body: unknown) {
    const inbound = deps.inbound();
    let received = 0;
    for (const change of readWebhookBody(body)) {
      if (change.phoneNumberId !== connection.phoneNumberId) {
        // Another number of the same Meta app: it has a webhook URL of its own in this app, or none.
        deps.log.warn(
          { whatsappId: connection.ref.id, phoneNumberId: change.phoneNumberId },
          'cloud api: other number',
        );
        continue;
      }
      // In order: a customer's messages are stored as they were written.
      for (const item of change.messages) {
        await inbound.onMessage(connection.ref, await withMedia(connection, item));
        received += 1;
      }
      // After the messages: a reaction may name one that came in the same notification.
      for (const update of change.updates) {
        await inbound.onMessageUpdate(connection.ref, update);
        received += 1;
      }
      for (const status of change.statuses) {
        if (status.ack !== null) await inbound.onAck(connection.ref, status.externalId, status.ack);
        else if (status.failure) {
          await inbound.onMessageUpdate(connection.ref, {
            kind: 'failed',
            externalId: status.externalId,
            reason: deliveryFailureReasonOf(status.failure.code),
          });
          deps.log.info(
            { whatsappId: connection.ref.id, code: status.failure.code, title: status.failure.title },
            'cloud api: message not delivered',
          );
        }
        received += 1;
      }
    }
    return received;
  }

  /** Downloads a message's media through the Graph API (id → URL → bytes). */
  async function withMedia(connection: CloudWebhookConnection, item: CloudInboundMessage): Promise<InboundMessage> {
    if (!item.media) return item.message;
    const info = await deps.graph.mediaInfo(connection.accessToken, item.media.id);
    const data = await deps.graph.downloadMedia(connection.accessToken, info.url);
    return {
      ...item.message,
      media: { data, mimetype: item.media.mimeType || info.mimeType, filename: item.media.filename },
    };
  }
}
