import { assertOutboundUrlAllowed } from '../../../platform/http/outbound-url.ts';
import type { queueIntegrations } from '../integrations.tables.ts';
import { type BotReply, type BotResult, type BotTurn, failureOf, jsonOf, RetryableBotError } from './types.ts';

type IntegrationRow = typeof queueIntegrations.$inferSelect;

/** The Typebot session of one ticket: its id, when it expires and the choices it last offered. */
export interface TypebotState {
  sessionId: string;
  expiresAt: Date | null;
  choices: string[];
}

export interface TypebotSessions {
  read(): Promise<TypebotState | null>;
  write(state: TypebotState): Promise<void>;
  clear(): Promise<void>;
}

type RichText = { text?: string; children?: RichText[]; type?: string };
type ChatAnswer = {
  sessionId?: string;
  messages?: { type: string; content?: { richText?: RichText[]; url?: string } }[];
  input?: { type: string; items?: { id?: string; content?: string }[] } | null;
};

const flat = (node: RichText): string => (node.text ?? '') + (node.children ?? []).map(flat).join('');
/** Each paragraph of a text bubble is a line. */
const textOfRich = (nodes: RichText[] = []) => nodes.map(flat).join('\n');

const same = (a: string | null | undefined, b: string) => !!a && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Typebot through its public chat API: `startChat` for the bot's slug, then `continueChat` on the
 * session with each customer message. Text bubbles and images are sent, choice inputs as
 * numbered options (a number answers with that option), the session ends after the configured
 * minutes without messages; the finish keyword hands over, the restart keyword starts again.
 */
export async function runTypebot(
  integration: IntegrationRow,
  turn: BotTurn,
  sessions: TypebotSessions,
  options: { allowPrivateUrls: boolean; timeoutMs: number; clock: () => Date; opening?: boolean },
): Promise<BotResult> {
  const base = await assertOutboundUrlAllowed(integration.urlN8N ?? '', {
    allowPrivate: options.allowPrivateUrls,
    field: 'urlN8N',
  });
  const text = turn.message.body.trim();
  const now = options.clock();
  const delayMs = integration.typebotDelayMessage;

  if (same(integration.typebotKeywordFinish, text)) {
    await sessions.clear();
    return { replies: [], handover: { queueId: null, note: 'The customer left the Typebot (finish keyword)' } };
  }
  let state = await sessions.read();
  const restart = same(integration.typebotKeywordRestart, text);
  // A flow's typebot node opens the bot without a customer message: the bot speaks first.
  const opening = options.opening === true;
  if (opening || restart || (state?.expiresAt && state.expiresAt.getTime() <= now.getTime())) {
    await sessions.clear();
    state = null;
  }

  const call = async (path: string, body: unknown) => {
    const url = new URL(path, base.href.endsWith('/') ? base.href : `${base.href}/`);
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw new RetryableBotError('typebot unreachable', { cause: error });
    }
    if (!response.ok) throw failureOf('typebot', response);
    return ((await jsonOf(response)) ?? {}) as ChatAnswer;
  };

  const replies: BotReply[] = [];
  if (restart && integration.typebotRestartMessage)
    replies.push({ kind: 'text', text: integration.typebotRestartMessage });

  let answer: ChatAnswer;
  if (!state) {
    const slug = encodeURIComponent(integration.typebotSlug ?? '');
    // The first message opens the bot; a restart keyword only opens it.
    answer = await call(`api/v1/typebots/${slug}/startChat`, {
      isStreamEnabled: false,
      ...(restart || opening ? {} : { message: { type: 'text', text } }),
    });
  } else {
    let message = text;
    if (state.choices.length > 0) {
      const picked = /^\d+$/.test(text) ? state.choices[Number(text) - 1] : state.choices.find((c) => same(c, text));
      if (!picked) {
        const unknown = integration.typebotUnknownMessage;
        return { replies: [{ kind: 'text', text: unknown || numbered(state.choices) }], delayMs };
      }
      message = picked;
    }
    answer = await call(`api/v1/sessions/${encodeURIComponent(state.sessionId)}/continueChat`, {
      message: { type: 'text', text: message },
    });
  }

  for (const bubble of answer.messages ?? []) {
    if (bubble.type === 'text') {
      const line = textOfRich(bubble.content?.richText).trim();
      if (line) replies.push({ kind: 'text', text: line });
    } else if (bubble.type === 'image' && bubble.content?.url) {
      replies.push({ kind: 'image', url: bubble.content.url });
    }
  }
  const choices =
    answer.input?.type === 'choice input'
      ? (answer.input.items ?? []).map((item) => item.content ?? '').filter(Boolean)
      : [];
  if (choices.length > 0) replies.push({ kind: 'text', text: numbered(choices) });

  const sessionId = answer.sessionId ?? state?.sessionId;
  // No input asked: the flow ended, and the next message starts it again.
  if (!answer.input || !sessionId) await sessions.clear();
  else {
    const minutes = integration.typebotExpires;
    await sessions.write({
      sessionId,
      choices,
      expiresAt: minutes > 0 ? new Date(now.getTime() + minutes * 60_000) : null,
    });
  }
  return { replies, delayMs };
}

const numbered = (choices: string[]) => choices.map((choice, index) => `*${index + 1}* - ${choice}`).join('\n');
