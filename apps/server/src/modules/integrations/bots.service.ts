import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { FLOW_BOT_NODE_FLAGS, type PlanFeatureFlag } from '@wacrm/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db/client.ts';
import { assertOutboundUrlAllowed } from '../../platform/http/outbound-url.ts';
import type { tickets } from '../../tables.ts';
import { mimetypeOf } from '../channels/index.ts';
import type { CustomerMessageEvent, InboundTurn, InboundVerdict, UploadedMedia } from '../messages/index.ts';
import { createTicketNotesRepository } from '../ticket-notes/index.ts';
import type { PendingTicket } from '../tickets/index.ts';
import type { BotTurnPayload } from './bots.jobs.ts';
import type { BotsRepository } from './bots.repository.ts';
import { SpeechError, synthesizeSpeech } from './runtimes/azure-speech.ts';
import type { DialogflowClient } from './runtimes/dialogflow.ts';
import { runOpenAi } from './runtimes/openai.ts';
import { runTypebot, type TypebotState } from './runtimes/typebot.ts';
import { type BotReply, type BotResult, type BotTurn, RetryableBotError } from './runtimes/types.ts';
import { runWebhook } from './runtimes/webhook.ts';

type TicketRow = typeof tickets.$inferSelect;
type PromptRow = Parameters<typeof runOpenAi>[0];
type IntegrationRow = Parameters<typeof runTypebot>[0];

/** A flow's typebot or OpenAI node: its settings as stored in the node (docs/decisions/flows.md). */
export interface FlowBotTurn {
  companyId: number;
  ticketId: number;
  runId: number;
  node: { id: string; type: 'typebot' | 'openai'; settings: Record<string, unknown> };
  messageId: number | null;
}

/** Tries of one turn against a provider that may recover (timeouts, 429, 5xx) before humans take over. */
export const BOT_MAX_ATTEMPTS = 4;
/** Seconds before the next try: 2, 4, 8… */
export const retryDelaySeconds = (attempt: number) => 2 ** (attempt + 1);

/**
 * The bots that answer before a human does (docs/decisions/ai-and-integrations.md). A customer
 * message on a pending ticket with no attendant, whose queue (or, without a queue, connection)
 * has a prompt or an integration, becomes a durable job; the job asks the provider and answers
 * through the messages module. Any failure that does not pass hands the ticket to humans with a note.
 */
export function createBotsService(deps: {
  db: Database;
  repository: BotsRepository;
  sendAutomatic: (
    companyId: number,
    ticketId: number,
    body: string,
    userId: number | null,
    media?: { medias: UploadedMedia[]; isVoiceNote?: boolean },
  ) => Promise<unknown>;
  /** Queues a turn (bots.jobs.ts), now or after `startAfterSeconds`. */
  queueTurn: (payload: BotTurnPayload, startAfterSeconds?: number) => Promise<void>;
  planAllows: (companyId: number, flag: PlanFeatureFlag) => Promise<boolean>;
  ticketChanged: (companyId: number, ticketId: number, previous: TicketRow) => Promise<void>;
  dialogflow: DialogflowClient;
  config: {
    openAiBaseUrl?: string;
    azureSpeechUrl: string;
    allowPrivateUrls: boolean;
    timeoutMs: number;
    publicDir: string;
  };
  clock: () => Date;
  sleep: (ms: number) => Promise<void>;
  log: FastifyBaseLogger;
}) {
  const { repository, config, log } = deps;

  /** Which bot answers this ticket now, if any. */
  function botOf(state: PendingTicket): { kind: 'prompt' | 'integration'; botId: number } | null {
    const { ticket } = state;
    if (ticket.status !== 'pending' || ticket.userId || ticket.isGroup || state.disableBot) return null;
    if (ticket.promptId || ticket.integrationId) {
      // Handed over already: the bot keeps out of this ticket.
      if (!ticket.useIntegration) return null;
      return ticket.promptId
        ? { kind: 'prompt', botId: ticket.promptId }
        : { kind: 'integration', botId: ticket.integrationId! };
    }
    const promptId = ticket.queueId ? state.queuePromptId : state.connectionPromptId;
    const integrationId = ticket.queueId ? state.queueIntegrationId : state.connectionIntegrationId;
    // A prompt first when both are set.
    if (promptId) return { kind: 'prompt', botId: promptId };
    if (integrationId) return { kind: 'integration', botId: integrationId };
    return null;
  }

  /** A bot takes the message when the ticket (`state`, just read) has one; answers whether it did. */
  async function claim(event: CustomerMessageEvent & { messageId: number }, state: PendingTicket | null) {
    const bot = state && botOf(state);
    if (!state || !bot) return false;
    // A `flowbuilder` integration starts a flow (the flows module), it is no bot that answers.
    if (
      bot.kind === 'integration' &&
      (await repository.integration(event.companyId, bot.botId))?.type === 'flowbuilder'
    )
      return false;
    const flag: PlanFeatureFlag = bot.kind === 'prompt' ? 'useOpenAi' : 'useIntegrations';
    if (!(await deps.planAllows(event.companyId, flag))) return false;
    if (!state.ticket.useIntegration) {
      await repository.setTicket(event.companyId, event.ticketId, {
        useIntegration: true,
        chatbot: false,
        promptId: bot.kind === 'prompt' ? bot.botId : null,
        integrationId: bot.kind === 'integration' ? bot.botId : null,
      });
      await deps.ticketChanged(event.companyId, event.ticketId, state.ticket);
    }
    await deps.queueTurn({ ...event, ...bot, attempt: 0 });
    return true;
  }

  /**
   * Where a failed bot's ticket goes when it has no queue: the prompt's queue, so that attendants
   * who do not see tickets without a queue still get it (a queue integration has no queue of its own).
   */
  async function fallbackQueueOf(payload: BotTurnPayload, ticketQueueId: number | null) {
    if (ticketQueueId || payload.kind !== 'prompt') return null;
    return (await repository.prompt(payload.companyId, payload.botId))?.queueId ?? null;
  }

  async function handOver(companyId: number, ticketId: number, queueId: number | null, note: string) {
    const state = await repository.ticketState(companyId, ticketId);
    if (!state) return;
    // One transaction: whoever sees the ticket handed over also sees the note that says why.
    await deps.db.transaction(async (tx) => {
      await repository.setTicket(
        companyId,
        ticketId,
        { useIntegration: false, status: 'pending', chatbot: false, ...(queueId ? { queueId } : {}) },
        tx,
      );
      await createTicketNotesRepository(tx).insert(companyId, {
        ticketId,
        contactId: state.ticket.contactId,
        note,
        userId: null,
      });
    });
    await deps.ticketChanged(companyId, ticketId, state.ticket);
  }

  /** A note on the ticket from the system (no author), for the attendants who read it later. */
  async function writeNote(companyId: number, ticketId: number, note: string) {
    const state = await repository.ticketState(companyId, ticketId);
    if (!state) return;
    await createTicketNotesRepository(deps.db).insert(companyId, {
      ticketId,
      contactId: state.ticket.contactId,
      note,
      userId: null,
    });
  }

  /**
   * A reply spoken as a voice note whose body keeps the text, so attendants read in the thread what
   * the customer heard. When it cannot be spoken the text goes instead, and a note says why.
   */
  async function sendVoice(companyId: number, ticketId: number, reply: Extract<BotReply, { kind: 'voice' }>) {
    let audio: Buffer;
    try {
      audio = await synthesizeSpeech(reply.text, reply.voice, {
        urlTemplate: config.azureSpeechUrl,
        allowPrivateUrls: config.allowPrivateUrls,
        timeoutMs: config.timeoutMs,
      });
    } catch (error) {
      const reason = error instanceof SpeechError ? error.reason : 'unexpected error';
      log.warn({ err: error, companyId, ticketId }, 'speech synthesis failed: sending the text reply');
      await deps.sendAutomatic(companyId, ticketId, reply.text, null);
      await writeNote(companyId, ticketId, `The bot's reply could not be spoken (${reason}); it was sent as text`);
      return;
    }
    const voiceNote = { filename: 'reply.ogg', mimetype: 'audio/ogg', data: audio };
    await deps.sendAutomatic(companyId, ticketId, reply.text, null, { medias: [voiceNote], isVoiceNote: true });
  }

  async function audioOf(message: { mediaType: string | null; mediaPath: string | null; mediaName: string | null }) {
    if (message.mediaType !== 'audio' || !message.mediaPath) return null;
    const root = path.resolve(config.publicDir);
    const full = path.resolve(root, message.mediaPath);
    if (!full.startsWith(root + path.sep)) return null;
    const name = message.mediaName ?? path.basename(full);
    return { data: await readFile(full), name, mimetype: mimetypeOf(name, 'audio') };
  }

  async function imageOf(url: string): Promise<UploadedMedia | null> {
    try {
      const allowed = await assertOutboundUrlAllowed(url, { allowPrivate: config.allowPrivateUrls });
      const response = await fetch(allowed, { redirect: 'manual', signal: AbortSignal.timeout(config.timeoutMs) });
      if (!response.ok) return null;
      const mimetype = response.headers.get('content-type')?.split(';')[0] ?? 'image/png';
      const extension = mimetype.split('/')[1] ?? 'png';
      return { filename: `image.${extension}`, mimetype, data: Buffer.from(await response.arrayBuffer()) };
    } catch {
      return null;
    }
  }

  async function send(companyId: number, ticketId: number, replies: BotReply[], delayMs: number) {
    for (const [index, reply] of replies.entries()) {
      if (index > 0 && delayMs > 0) await deps.sleep(delayMs);
      if (reply.kind === 'text') {
        await deps.sendAutomatic(companyId, ticketId, reply.text, null);
        continue;
      }
      if (reply.kind === 'voice') {
        await sendVoice(companyId, ticketId, reply);
        continue;
      }
      const image = await imageOf(reply.url);
      // An image that cannot be fetched still reaches the customer as its link.
      if (image) await deps.sendAutomatic(companyId, ticketId, reply.caption ?? '', null, { medias: [image] });
      else await deps.sendAutomatic(companyId, ticketId, reply.url, null);
    }
  }

  async function answer(payload: BotTurnPayload, state: PendingTicket, turn: BotTurn): Promise<BotResult | null> {
    const { companyId, ticketId } = payload;
    const runtime = { allowPrivateUrls: config.allowPrivateUrls, timeoutMs: config.timeoutMs, clock: deps.clock };
    if (payload.kind === 'prompt') {
      const prompt = await repository.prompt(companyId, payload.botId);
      if (!prompt) return null;
      // A newer customer message's turn answers with this one in its history.
      if (await repository.newerInbound(companyId, ticketId, payload.messageId)) return { replies: [] };
      const history = await repository.history(companyId, ticketId, payload.messageId, prompt.maxMessages);
      return runOpenAi(prompt, turn, history, { baseURL: config.openAiBaseUrl, timeoutMs: config.timeoutMs });
    }
    const integration = await repository.integration(companyId, payload.botId);
    if (!integration) return null;
    const botKey = `integration:${integration.id}`;
    switch (integration.type) {
      case 'n8n':
      case 'webhook':
        return runWebhook(integration, turn, runtime);
      case 'typebot':
        return runTypebot(
          integration,
          turn,
          {
            read: async () => {
              const row = await repository.session(companyId, ticketId, botKey);
              if (!row?.sessionId) return null;
              const choices = Array.isArray(row.state.choices) ? (row.state.choices as string[]) : [];
              return { sessionId: row.sessionId, expiresAt: row.expiresAt, choices } satisfies TypebotState;
            },
            write: (value) =>
              repository.saveSession(companyId, ticketId, botKey, {
                sessionId: value.sessionId,
                state: { choices: value.choices },
                expiresAt: value.expiresAt,
              }),
            clear: () => repository.clearSession(companyId, ticketId, botKey),
          },
          runtime,
        );
      case 'dialogflow':
        return deps.dialogflow.run({
          json: integration.jsonContent ?? '',
          projectName: integration.projectName ?? '',
          language: integration.language ?? 'pt-BR',
          sessionId: state.ticket.uuid,
          text: turn.message.body,
          handoverIntent: integration.handoverIntent,
        });
      default:
        return null;
    }
  }

  async function runTurn(payload: BotTurnPayload) {
    const { companyId, ticketId } = payload;
    const state = await repository.ticketState(companyId, ticketId);
    // An attendant took it, it was closed or handed over meanwhile: the bot keeps out.
    if (!state?.ticket.useIntegration || state.ticket.status !== 'pending' || state.ticket.userId) return;
    const message = await repository.message(companyId, payload.messageId);
    if (!message || message.ticketId !== ticketId) return;
    const turn: BotTurn = {
      companyId,
      ticket: {
        id: state.ticket.id,
        uuid: state.ticket.uuid,
        status: state.ticket.status,
        queueId: state.ticket.queueId,
        whatsappId: state.ticket.whatsappId,
      },
      contact: state.contact,
      message: {
        id: message.id,
        body: message.body,
        mediaType: message.mediaType,
        createdAt: message.createdAt.toISOString(),
      },
      audio: await audioOf(message),
    };

    let result: BotResult | null;
    try {
      result = await answer(payload, state, turn);
    } catch (error) {
      const retry = error instanceof RetryableBotError && payload.kind === 'integration';
      if (retry && payload.attempt + 1 < BOT_MAX_ATTEMPTS) {
        log.warn({ err: error, ticketId, attempt: payload.attempt }, 'bot provider failed: trying again later');
        await deps.queueTurn({ ...payload, attempt: payload.attempt + 1 }, retryDelaySeconds(payload.attempt));
        return;
      }
      log.warn({ err: error, ticketId }, 'bot provider failed: handing over to humans');
      await handOver(
        companyId,
        ticketId,
        await fallbackQueueOf(payload, state.ticket.queueId),
        `The bot could not answer (${describe(error)}); an attendant takes over`,
      );
      return;
    }
    if (!result) {
      await handOver(companyId, ticketId, null, 'The bot configured for this ticket no longer exists');
      return;
    }
    await send(companyId, ticketId, result.replies, result.delayMs ?? 0);
    if (result.handover) await handOver(companyId, ticketId, result.handover.queueId, result.handover.note);
  }

  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null);
  const number = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);

  /** The node's settings in the shape the runtimes read (a prompt row, an integration row). */
  function promptOfNode(turn: FlowBotTurn): PromptRow {
    const s = turn.node.settings;
    const now = deps.clock();
    return {
      id: 0,
      companyId: turn.companyId,
      name: String(s.name ?? ''),
      prompt: String(s.prompt ?? ''),
      model: text(s.model) ?? 'gpt-3.5-turbo-1106',
      maxTokens: number(s.maxTokens, 100),
      temperature: number(s.temperature, 1),
      apiKey: text(s.apiKey),
      // No queue of its own: a transfer leaves the ticket in the queue it is in.
      queueId: 0,
      maxMessages: number(s.maxMessages, 10),
      voice: text(s.voice) ?? 'texto',
      voiceKey: text(s.voiceKey),
      voiceRegion: text(s.voiceRegion),
      createdAt: now,
      updatedAt: now,
    } satisfies PromptRow;
  }
  function typebotOfNode(turn: FlowBotTurn): IntegrationRow {
    const s = turn.node.settings;
    const now = deps.clock();
    return {
      id: 0,
      companyId: turn.companyId,
      type: 'typebot',
      name: String(s.name ?? ''),
      projectName: null,
      jsonContent: null,
      language: null,
      handoverIntent: null,
      urlN8N: text(s.urlN8N),
      webhookSecret: null,
      typebotSlug: text(s.typebotSlug),
      typebotDelayMessage: number(s.typebotDelayMessage, 1000),
      typebotExpires: number(s.typebotExpires, 1),
      typebotKeywordFinish: text(s.typebotKeywordFinish),
      typebotKeywordRestart: text(s.typebotKeywordRestart),
      typebotRestartMessage: text(s.typebotRestartMessage),
      typebotUnknownMessage: text(s.typebotUnknownMessage),
      flowId: null,
      createdAt: now,
      updatedAt: now,
    } satisfies IntegrationRow;
  }

  /**
   * One turn of a flow's typebot or OpenAI node, with the node's own settings. Answers `waiting`
   * (the bot goes on), `ended` (a Typebot that asks nothing more: the flow continues) or `human`
   * (the bot handed over, failed, or the plan lacks its flag: a note says why, attendants take over).
   */
  async function flowTurn(input: FlowBotTurn): Promise<'waiting' | 'ended' | 'human'> {
    const { companyId, ticketId, node } = input;
    const flag = FLOW_BOT_NODE_FLAGS[node.type];
    const label = node.type === 'openai' ? 'OpenAI' : 'Typebot';
    if (!(await deps.planAllows(companyId, flag))) {
      log.warn({ companyId, ticketId, nodeId: node.id, flag }, 'flow bot node: the plan lacks its flag');
      await handOver(
        companyId,
        ticketId,
        null,
        `The plan does not include the flow's ${label} node; an attendant takes over`,
      );
      return 'human';
    }
    const state = await repository.ticketState(companyId, ticketId);
    if (!state) return 'human';
    let messageId = input.messageId;
    if (messageId === null && node.type === 'openai') {
      // The model answers at once only when the customer spoke last; else it waits for them.
      const [last] = await repository.history(companyId, ticketId, Number.MAX_SAFE_INTEGER, 1);
      if (!last || last.fromMe) return 'waiting';
      messageId = last.id;
    }
    const message = messageId === null ? null : await repository.message(companyId, messageId);
    if (messageId !== null && (!message || message.ticketId !== ticketId)) return 'waiting';
    const turn: BotTurn = {
      companyId,
      ticket: {
        id: state.ticket.id,
        uuid: state.ticket.uuid,
        status: state.ticket.status,
        queueId: state.ticket.queueId,
        whatsappId: state.ticket.whatsappId,
      },
      contact: state.contact,
      message: message
        ? {
            id: message.id,
            body: message.body,
            mediaType: message.mediaType,
            createdAt: message.createdAt.toISOString(),
          }
        : { id: 0, body: '', mediaType: null, createdAt: deps.clock().toISOString() },
      audio: message ? await audioOf(message) : null,
    };
    const botKey = `flow:${input.runId}`;
    const runtime = { allowPrivateUrls: config.allowPrivateUrls, timeoutMs: config.timeoutMs, clock: deps.clock };
    let result: BotResult;
    try {
      if (node.type === 'openai') {
        const prompt = promptOfNode(input);
        if (message && (await repository.newerInbound(companyId, ticketId, message.id))) return 'waiting';
        const history = await repository.history(companyId, ticketId, message!.id, prompt.maxMessages);
        result = await runOpenAi(prompt, turn, history, { baseURL: config.openAiBaseUrl, timeoutMs: config.timeoutMs });
      } else {
        result = await runTypebot(
          typebotOfNode(input),
          turn,
          {
            read: async () => {
              const row = await repository.session(companyId, ticketId, botKey);
              if (!row?.sessionId) return null;
              const choices = Array.isArray(row.state.choices) ? (row.state.choices as string[]) : [];
              return { sessionId: row.sessionId, expiresAt: row.expiresAt, choices } satisfies TypebotState;
            },
            write: (value) =>
              repository.saveSession(companyId, ticketId, botKey, {
                sessionId: value.sessionId,
                state: { choices: value.choices },
                expiresAt: value.expiresAt,
              }),
            clear: () => repository.clearSession(companyId, ticketId, botKey),
          },
          { ...runtime, opening: message === null },
        );
      }
    } catch (error) {
      log.warn({ err: error, ticketId, nodeId: node.id }, 'flow bot node failed: handing over to humans');
      await handOver(
        companyId,
        ticketId,
        null,
        `The flow's ${label} could not answer (${describe(error)}); an attendant takes over`,
      );
      return 'human';
    }
    await send(companyId, ticketId, result.replies, result.delayMs ?? 0);
    if (result.handover) {
      await handOver(companyId, ticketId, null, `The flow's ${label} handed the conversation over`);
      return 'human';
    }
    if (node.type === 'typebot' && !(await repository.session(companyId, ticketId, botKey))) return 'ended';
    return 'waiting';
  }

  return {
    /**
     * The inbound pipeline's bot step: the bot of the ticket's connection or queue takes the
     * message when there is one. It reads the ticket unless the step before just did (the flows'
     * read); listed again after routing, it answers with the bot of the queue routing just chose.
     */
    async takeCustomerMessage(turn: InboundTurn): Promise<InboundVerdict> {
      const { event } = turn;
      // Without a stored message there is nothing for a bot to answer.
      if (!event.messageId) return 'pass';
      const state =
        turn.ticket === undefined ? await repository.ticketState(event.companyId, event.ticketId) : turn.ticket;
      if (await claim({ ...event, messageId: event.messageId }, state)) return 'handled';
      turn.ticket = state;
      return 'pass';
    },
    runTurn,
    flowTurn,
  };
}

/** A short, secret-free reason for the note: the status or the kind of failure. */
function describe(error: unknown) {
  const status = (error as { status?: unknown })?.status;
  if (typeof status === 'number') return `HTTP ${status}`;
  if (error instanceof Error && /timed? ?out|abort/i.test(`${error.name} ${error.message}`)) return 'timeout';
  if (error instanceof Error) return error.message.slice(0, 120);
  return 'unknown error';
}

export type BotsService = ReturnType<typeof createBotsService>;
