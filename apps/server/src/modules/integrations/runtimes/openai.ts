import { PROMPT_TRANSFER_ACTION } from '@wacrm/shared';
import type OpenAI from 'openai';
import type { prompts } from '../integrations.tables.ts';
import { isSpokenVoice } from './azure-speech.ts';
import type { BotReply, BotResult, BotTurn } from './types.ts';

type PromptRow = typeof prompts.$inferSelect;
export type HistoryEntry = { fromMe: boolean; body: string };

/** Sent when the provider has no transcription endpoint (or it failed) for a voice note. */
export const VOICE_NOT_UNDERSTOOD = 'Desculpe, ainda não consigo ouvir áudios. Pode escrever sua mensagem, por favor?';

const escaped = PROMPT_TRANSFER_ACTION.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const transferPattern = new RegExp(escaped, 'i');

/** The client is loaded by the first AI turn: most servers never run one, and it costs memory at rest. */
const loadOpenAi = () => import('openai');

/**
 * One turn of an AI prompt through the official OpenAI client (any compatible server through
 * `baseURL`): the prompt as the system message, the ticket's last `maxMessages` messages as the
 * conversation. The transfer action in the answer hands the ticket to the prompt's queue.
 */
export async function runOpenAi(
  prompt: PromptRow,
  turn: BotTurn,
  history: HistoryEntry[],
  options: { baseURL?: string; timeoutMs: number },
): Promise<BotResult> {
  const openai = await loadOpenAi();
  const client = new openai.default({
    apiKey: prompt.apiKey ?? '',
    baseURL: options.baseURL,
    timeout: options.timeoutMs,
    // The job decides what a failure means (hand over); the client must not wait on its own.
    maxRetries: 0,
  });

  const conversation = history.map((entry) => ({ ...entry }));
  if (turn.audio) {
    const heard = await transcribe(openai, client, turn.audio);
    if (heard === null) return { replies: [{ kind: 'text', text: VOICE_NOT_UNDERSTOOD }] };
    // The voice note stands in the history as what was said.
    const last = conversation.at(-1);
    if (last && !last.fromMe) last.body = heard;
    else conversation.push({ fromMe: false, body: heard });
  }

  const completion = await client.chat.completions.create({
    model: prompt.model,
    max_tokens: prompt.maxTokens,
    temperature: prompt.temperature,
    messages: [
      { role: 'system', content: prompt.prompt },
      ...conversation
        .filter((entry) => entry.body.trim())
        .map((entry) => ({ role: entry.fromMe ? ('assistant' as const) : ('user' as const), content: entry.body })),
    ],
  });
  const answer = completion.choices[0]?.message?.content?.trim() ?? '';
  if (transferPattern.test(answer)) {
    const rest = answer.replace(transferPattern, '').trim();
    return {
      replies: rest ? [replyOf(prompt, rest)] : [],
      handover: { queueId: prompt.queueId, note: 'AI prompt handed the conversation to the queue' },
    };
  }
  return { replies: answer ? [replyOf(prompt, answer)] : [] };
}

/** The model's answer: spoken in the prompt's voice, or text when the voice is `texto`. */
function replyOf(prompt: PromptRow, text: string): BotReply {
  if (!isSpokenVoice(prompt.voice)) return { kind: 'text', text };
  return { kind: 'voice', text, voice: { name: prompt.voice, key: prompt.voiceKey, region: prompt.voiceRegion } };
}

/** The text of a voice note, or null when the provider cannot transcribe it. */
async function transcribe(
  openai: Awaited<ReturnType<typeof loadOpenAi>>,
  client: OpenAI,
  audio: NonNullable<BotTurn['audio']>,
) {
  try {
    const file = await openai.toFile(audio.data, audio.name, { type: audio.mimetype });
    const result = await client.audio.transcriptions.create({ file, model: 'whisper-1' });
    return result.text?.trim() || null;
  } catch (error) {
    // No such endpoint (404/405/501): answer politely in text. Anything else is the provider's error.
    if (error instanceof openai.APIError && [404, 405, 501].includes(error.status ?? 0)) return null;
    throw error;
  }
}
