import { readFile } from 'node:fs/promises';
import {
  type ChannelAdapter,
  type ChannelConnectionRef,
  type ChannelSession,
  type ChannelSessionEvents,
  type OutboundMessage,
  type OutboundTemplate,
  PermanentSendError,
  RateLimitedSendError,
} from '../../channel-adapter.ts';
import {
  deliveryFailureReasonOf,
  GraphApiError,
  type GraphClient,
  type GraphCredentials,
  type GraphMessagePayload,
  graphErrorCodes,
  isRateLimitGraphError,
  isRetryableGraphError,
} from './graph-client.ts';
import { fitsInteractive, menuPayload } from './interactive-menu.ts';

export interface CloudApiAdapterDeps {
  graph: GraphClient;
  /** The connection's Meta ids and token, read when needed: no process keeps a session. */
  credentialsOf(connection: ChannelConnectionRef): Promise<GraphCredentials | null>;
  /** Meta refused the token (expired or revoked): the connection is down until an admin fixes it. */
  onTokenRejected(connection: ChannelConnectionRef, detail: string): Promise<void>;
}

/** The error a Cloud API connection without its credentials gives: nothing can be sent. */
class MissingCredentialsError extends Error {
  constructor() {
    super('the Cloud API connection has no phone number id, account id or access token');
  }
}

/**
 * WhatsApp Cloud API (docs/cloud-api.md). Nothing lives in memory: a "session" is the Graph API
 * with the connection's credentials, which any process can use, and inbound messages arrive at
 * the webhook (`cloudapi.webhook.ts`), on whichever process Meta reaches. Starting checks the
 * credentials and reports CONNECTED with the number, or DISCONNECTED with Meta's reason.
 */
export function createCloudApiAdapter(deps: CloudApiAdapterDeps) {
  const { graph } = deps;

  async function credentialsOrFail(connection: ChannelConnectionRef) {
    const credentials = await deps.credentialsOf(connection);
    if (!credentials?.phoneNumberId || !credentials.accessToken) throw new MissingCredentialsError();
    return credentials;
  }

  /**
   * Runs a Graph call; a token Meta refuses takes the connection down before the error goes on.
   * A session this process started (`events`) also says so to its session manager, which lets go
   * of it: sends then wait for the connection instead of meeting the refusal again.
   */
  async function calling<T>(
    connection: ChannelConnectionRef,
    run: () => Promise<T>,
    events?: ChannelSessionEvents,
  ): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof GraphApiError && error.code === graphErrorCodes.accessTokenInvalid) {
        await deps.onTokenRejected(connection, error.message).catch(() => undefined);
        await events?.onStatus({ status: 'DISCONNECTED', detail: error.message }).catch(() => undefined);
      }
      throw error;
    }
  }

  async function payloadOf(credentials: GraphCredentials, message: OutboundMessage): Promise<GraphMessagePayload> {
    const context = message.quotedExternalId ? { context: { message_id: message.quotedExternalId } } : {};
    if (message.structured?.kind === 'template') return templatePayload(message.structured.template);
    // A menu Meta cannot show (no options, more than a list holds) goes as its text, which is the whole menu.
    const menu = message.structured?.kind === 'menu' ? message.structured.menu : null;
    if (menu && fitsInteractive(menu)) return { ...menuPayload(menu), ...context };
    if (!message.media) return { type: 'text', text: { body: message.body, preview_url: true }, ...context };
    // Uploaded, not sent by link: the app's media URLs are often not reachable from Meta (a
    // private network, signed links that expire), and an upload fails here, where it can be retried.
    const { media } = message;
    const id = await graph.uploadMedia(credentials, {
      data: await readFile(media.path),
      // Meta takes the base type (`audio/ogg`, Opus only); parameters like `codecs=opus` are not part of it.
      mimetype: media.mimetype.split(';')[0].trim(),
      filename: media.filename,
    });
    const caption = message.body ? { caption: message.body } : {};
    if (media.mimetype.startsWith('image/')) return { type: 'image', image: { id, ...caption }, ...context };
    if (media.mimetype.startsWith('video/')) return { type: 'video', video: { id, ...caption }, ...context };
    // A recording goes as a voice message (`voice`: Ogg/Opus, the play icon, transcripts); audio carries no caption.
    if (media.mimetype.startsWith('audio/')) {
      return { type: 'audio', audio: { id, ...(media.asVoiceNote ? { voice: true } : {}) }, ...context };
    }
    return { type: 'document', document: { id, filename: media.filename, ...caption }, ...context };
  }

  function sessionFor(connection: ChannelConnectionRef, events?: ChannelSessionEvents): ChannelSession {
    return {
      async send(message) {
        if (message.isGroup)
          throw new PermanentSendError('ERR_CLOUD_REJECTED', 'the Cloud API does not send to groups');
        const credentials = await credentialsOrFail(connection);
        try {
          const externalId = await calling(
            connection,
            async () => graph.sendMessage(credentials, message.chatId, await payloadOf(credentials, message)),
            events,
          );
          return { externalId };
        } catch (error) {
          // Meta's limits pass: the message waits its turn however many times it is turned away.
          if (isRateLimitGraphError(error)) throw new RateLimitedSendError((error as Error).message);
          // Meta's refusals other than its limits, outages and a refused token do not change on a retry.
          const isFinal =
            error instanceof GraphApiError &&
            !isRetryableGraphError(error) &&
            error.code !== graphErrorCodes.accessTokenInvalid;
          if (isFinal) throw new PermanentSendError(deliveryFailureReasonOf(error.code), error.message);
          throw error;
        }
      },
      async markRead(target) {
        // Marking the newest message read marks every earlier one too.
        const newest = target.externalIds.at(-1);
        if (!newest || target.isGroup) return;
        const credentials = await credentialsOrFail(connection);
        await calling(connection, () => graph.markRead(credentials, newest), events);
      },
      // No edit and no delete for everyone: Meta's API has no call for either (channelCapabilities).
      async react(target, emoji) {
        if (target.isGroup) throw new PermanentSendError('ERR_CLOUD_REJECTED', 'the Cloud API does not send to groups');
        const credentials = await credentialsOrFail(connection);
        // Meta takes an empty emoji as "remove the reaction".
        const payload = { type: 'reaction', reaction: { message_id: target.externalId, emoji } };
        await calling(connection, () => graph.sendMessage(credentials, target.chatId, payload), events);
      },
      // The Cloud API exposes no profile pictures.
      fetchProfilePicture: async () => null,
      stop: async () => undefined,
      logout: async () => undefined,
    };
  }

  const adapter: ChannelAdapter & { sessionFor: typeof sessionFor } = {
    provider: 'cloudapi',
    sessionFor,
    async start(connection: ChannelConnectionRef, events: ChannelSessionEvents) {
      let change: Parameters<ChannelSessionEvents['onStatus']>[0];
      try {
        const credentials = await credentialsOrFail(connection);
        // A refused token found at start (a restart, "try again") is a refusal like one on a send.
        const profile = await calling(connection, () => graph.phoneNumber(credentials));
        change = { status: 'CONNECTED', number: profile.displayPhoneNumber.replace(/\D/g, '') };
      } catch (error) {
        // Meta could not be reached: the session manager retries with its backoff.
        if (error instanceof GraphApiError && (error.code === 0 || error.httpStatus >= 500)) throw error;
        change = { status: 'DISCONNECTED', detail: (error as Error).message };
      }
      // Status events go out after start() has answered, as every provider's do.
      setImmediate(() => void events.onStatus(change));
      return sessionFor(connection, events);
    },
  };
  return adapter;
}

export type CloudApiAdapter = ReturnType<typeof createCloudApiAdapter>;

function templatePayload(template: OutboundTemplate): GraphMessagePayload {
  const parameters = (list: OutboundTemplate['bodyParameters']) =>
    list.map((parameter) => ({
      type: 'text',
      text: parameter.text,
      ...(parameter.name ? { parameter_name: parameter.name } : {}),
    }));
  const components = [
    ...(template.headerParameters.length > 0
      ? [{ type: 'header', parameters: parameters(template.headerParameters) }]
      : []),
    ...(template.bodyParameters.length > 0 ? [{ type: 'body', parameters: parameters(template.bodyParameters) }] : []),
  ];
  return {
    type: 'template',
    template: { name: template.name, language: { code: template.language }, components },
  };
}
