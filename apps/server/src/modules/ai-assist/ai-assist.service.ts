import type {
  AiAssistFeature,
  AiAssistRewriteBody,
  AiAssistStatus,
  AiAssistSummaryBody,
  AiAssistTranslateBody,
  AiAssistUnavailableReason,
  AiAssistUsage,
} from '@wacrm/shared';
import { aiAssistFeatures } from '@wacrm/shared';
import { AppError } from '../../platform/http/app-error.ts';
import type { RequestSession } from '../../platform/http/request-session.ts';
import type { SettingsReader } from '../settings/index.ts';
import {
  rewriteMessages,
  suggestMessages,
  summaryMessages,
  transcriptOf,
  translateMessages,
} from './ai-assist.prompts.ts';
import { type AssistMessage, completeAssist } from './ai-assist.provider.ts';
import type { AiAssistRepository } from './ai-assist.repository.ts';

/** Messages of the ticket the model reads; older ones rarely change the answer and cost tokens. */
const THREAD_MESSAGES = 40;
const EARLIER_TICKETS = 3;
const EARLIER_TICKET_MESSAGES = 15;
const REFERENCE_QUICK_MESSAGES = 30;
const REFERENCE_LENGTH = 500;

/** What a helper will send, once the caller's access and the company's settings were checked. */
export interface PreparedAssist {
  companyId: number;
  userId: number;
  ticketId: number;
  feature: AiAssistFeature;
  model: string;
  apiKey: string;
  messages: AssistMessage[];
}

export interface ProviderSettings {
  model: string;
  apiKey: string;
}

/** The AI assist's rules: who may ask, what is sent, the month's budget and the usage rows. */
export function createAiAssistService(deps: {
  repository: AiAssistRepository;
  settings: Pick<SettingsReader, 'read'>;
  planAllowsOpenAi: (companyId: number) => Promise<boolean>;
  canAccessTicket: (session: RequestSession, ticketId: number) => Promise<boolean>;
  config: { baseURL: string | undefined; timeoutMs: number };
  clock: () => Date;
}) {
  const { repository } = deps;

  /** The current month in UTC, [from, to). */
  function monthRange(month?: string) {
    const now = deps.clock();
    const [year, monthIndex] = month
      ? [Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1]
      : [now.getUTCFullYear(), now.getUTCMonth()];
    const from = new Date(Date.UTC(year, monthIndex, 1));
    const to = new Date(Date.UTC(year, monthIndex + 1, 1));
    return { from, to, label: from.toISOString().slice(0, 7) };
  }

  async function readSettings(companyId: number) {
    const values = await deps.settings.read(companyId, [
      'aiAssistEnabled',
      'aiAssistFeatures',
      'aiAssistModel',
      'aiAssistApiKey',
      'aiAssistKeyPromptId',
      'aiAssistMonthlyTokens',
    ]);
    const features = values.aiAssistFeatures
      .split(',')
      .filter((name): name is AiAssistFeature => (aiAssistFeatures as readonly string[]).includes(name));
    return { ...values, features, monthlyTokens: Number(values.aiAssistMonthlyTokens) || 0 };
  }

  async function keyOf(companyId: number, settings: Awaited<ReturnType<typeof readSettings>>) {
    if (settings.aiAssistApiKey) return settings.aiAssistApiKey;
    if (!settings.aiAssistKeyPromptId) return null;
    return repository.promptKey(companyId, Number(settings.aiAssistKeyPromptId));
  }

  /** Whether the company may use the assist now (and `feature`, when named), and why not. */
  async function availability(companyId: number, feature?: AiAssistFeature) {
    const settings = await readSettings(companyId);
    const { from, to } = monthRange();
    const usedTokens = await repository.tokensUsed(companyId, from, to);
    const off = (reason: AiAssistUnavailableReason) => ({ reason, settings, usedTokens, provider: null });
    // Checked in this order so the message names what an admin must change first.
    if (!(await deps.planAllowsOpenAi(companyId))) return off('plan');
    if (settings.aiAssistEnabled !== 'enabled') return off('disabled');
    if (feature && !settings.features.includes(feature)) return off('feature');
    const apiKey = await keyOf(companyId, settings);
    if (!apiKey) return off('noKey');
    if (settings.monthlyTokens > 0 && usedTokens >= settings.monthlyTokens) return off('budget');
    const provider: ProviderSettings = { model: settings.aiAssistModel, apiKey };
    return { reason: null, settings, usedTokens, provider };
  }

  /** Throws ERR_AI_ASSIST_UNAVAILABLE (403, `details.reason`) unless the helper may run now. */
  async function assertAvailable(companyId: number, feature: AiAssistFeature): Promise<ProviderSettings> {
    const found = await availability(companyId, feature);
    if (!found.provider) throw new AppError('ERR_AI_ASSIST_UNAVAILABLE', { details: { reason: found.reason } });
    return found.provider;
  }

  /** The ticket, when it is the company's and the caller may open it (else the same 404 as the thread). */
  async function ticketFor(session: RequestSession, ticketId: number) {
    const ticket = await repository.ticket(session.companyId, ticketId);
    if (!ticket || !(await deps.canAccessTicket(session, ticketId))) throw new AppError('ERR_NO_TICKET_FOUND');
    return ticket;
  }

  async function interfaceLanguage(session: RequestSession) {
    return (await repository.userLanguage(session.companyId, session.userId)) ?? 'pt';
  }

  async function prepare(
    session: RequestSession,
    feature: AiAssistFeature,
    ticketId: number,
    build: (ticket: Awaited<ReturnType<typeof ticketFor>>) => Promise<AssistMessage[]>,
  ): Promise<PreparedAssist> {
    const provider = await assertAvailable(session.companyId, feature);
    const ticket = await ticketFor(session, ticketId);
    const messages = await build(ticket);
    return { companyId: session.companyId, userId: session.userId, ticketId, feature, ...provider, messages };
  }

  return {
    assertAvailable,

    async status(companyId: number): Promise<AiAssistStatus> {
      const found = await availability(companyId);
      return {
        available: found.reason === null,
        reason: found.reason,
        // Over budget or without a key the helpers switched on are still named: their buttons stay,
        // off, and say why. Off by plan or by the admin, there is nothing to show.
        features: found.reason === 'plan' || found.reason === 'disabled' ? [] : found.settings.features,
        monthlyTokens: found.settings.monthlyTokens,
        usedTokens: found.usedTokens,
      };
    },

    prepareSummary: (session: RequestSession, ticketId: number, body: AiAssistSummaryBody) =>
      prepare(session, 'summary', ticketId, async (ticket) => {
        const current = transcriptOf(await repository.thread(session.companyId, ticket.id, THREAD_MESSAGES));
        const earlier: string[] = [];
        if (body.includeEarlier) {
          const ids = await repository.earlierTickets(session.companyId, ticket.contactId, ticket.id, EARLIER_TICKETS);
          for (const id of ids) {
            // A ticket of a queue the caller may not open stays out of their summary too.
            if (!(await deps.canAccessTicket(session, id))) continue;
            earlier.push(transcriptOf(await repository.thread(session.companyId, id, EARLIER_TICKET_MESSAGES)));
          }
        }
        return summaryMessages({
          language: await interfaceLanguage(session),
          contactName: ticket.contactName,
          current,
          earlier,
        });
      }),

    prepareSuggest: (session: RequestSession, ticketId: number) =>
      prepare(session, 'suggest', ticketId, async (ticket) => {
        const current = transcriptOf(await repository.thread(session.companyId, ticket.id, THREAD_MESSAGES));
        const references = (
          await repository.quickMessages(session.companyId, session.userId, REFERENCE_QUICK_MESSAGES)
        ).map((reference) => ({ ...reference, message: reference.message.slice(0, REFERENCE_LENGTH) }));
        return suggestMessages({ current, references });
      }),

    prepareRewrite: (session: RequestSession, ticketId: number, body: AiAssistRewriteBody) =>
      prepare(session, 'rewrite', ticketId, async () => rewriteMessages(body.text, body.style)),

    prepareTranslate: (session: RequestSession, ticketId: number, body: AiAssistTranslateBody) =>
      prepare(session, 'translate', ticketId, async (ticket) => {
        if ('messageId' in body) {
          const message = await repository.message(session.companyId, ticket.id, body.messageId);
          if (!message) throw new AppError('ERR_NOT_FOUND', { fields: { messageId: 'Not a message of this ticket' } });
          if (!message.body.trim()) {
            throw new AppError('ERR_VALIDATION', { fields: { messageId: 'The message has no text to translate' } });
          }
          const target = body.to && body.to !== 'customer' ? body.to : await interfaceLanguage(session);
          return translateMessages(message.body, target, null);
        }
        let sample: string | null = null;
        if (body.to === 'customer') {
          const thread = await repository.thread(session.companyId, ticket.id, THREAD_MESSAGES);
          sample = thread
            .filter((message) => !message.fromMe && message.body.trim())
            .slice(-3)
            .map((message) => message.body)
            .join(' / ');
        }
        return translateMessages(body.text, body.to, sample);
      }),

    /**
     * Calls the provider and writes the usage row (also when the attendant cancelled: what the
     * model produced until then was spent). A provider failure writes none: nothing was charged
     * that we can count.
     */
    async run(prepared: PreparedAssist, options: { signal: AbortSignal; onDelta?: (text: string) => void }) {
      const result = await completeAssist({
        apiKey: prepared.apiKey,
        baseURL: deps.config.baseURL,
        model: prepared.model,
        messages: prepared.messages,
        timeoutMs: deps.config.timeoutMs,
        signal: options.signal,
        onDelta: options.onDelta,
      });
      await repository.record({
        companyId: prepared.companyId,
        userId: prepared.userId,
        ticketId: prepared.ticketId,
        feature: prepared.feature,
        inputTokens: result.inputTokens,
        outputTokens: result.outputTokens,
      });
      return {
        text: result.text,
        usage: { inputTokens: result.inputTokens, outputTokens: result.outputTokens },
        cancelled: result.cancelled,
      };
    },

    async usage(companyId: number, month?: string): Promise<AiAssistUsage> {
      const { from, to, label } = monthRange(month);
      const rows = await repository.usageByUser(companyId, from, to);
      const settings = await readSettings(companyId);
      const empty = () => ({ requests: 0, inputTokens: 0, outputTokens: 0 });
      const total = empty();
      const byUser = new Map<string, AiAssistUsage['byUser'][number]>();
      for (const row of rows) {
        const key = String(row.userId);
        const user = byUser.get(key) ?? { userId: row.userId, userName: row.userName, ...empty(), byFeature: {} };
        const counts = { requests: row.requests, inputTokens: row.inputTokens, outputTokens: row.outputTokens };
        user.byFeature[row.feature] = counts;
        for (const sum of [user, total]) {
          sum.requests += counts.requests;
          sum.inputTokens += counts.inputTokens;
          sum.outputTokens += counts.outputTokens;
        }
        byUser.set(key, user);
      }
      const users = [...byUser.values()].sort(
        (a, b) => b.inputTokens + b.outputTokens - (a.inputTokens + a.outputTokens),
      );
      return { month: label, monthlyTokens: settings.monthlyTokens, total, byUser: users };
    },
  };
}

export type AiAssistService = ReturnType<typeof createAiAssistService>;
