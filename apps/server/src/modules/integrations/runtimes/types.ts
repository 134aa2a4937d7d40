import type { SpeechVoice } from './azure-speech.ts';

/** One customer message a bot answers, with what it may need to read. */
export interface BotTurn {
  companyId: number;
  ticket: { id: number; uuid: string; status: string; queueId: number | null; whatsappId: number | null };
  contact: { id: number; name: string; number: string };
  message: { id: number; body: string; mediaType: string | null; createdAt: string };
  /** The customer's voice note or audio, when the message is one. */
  audio: { data: Buffer; name: string; mimetype: string } | null;
}

export type BotReply =
  | { kind: 'text'; text: string }
  | { kind: 'image'; url: string; caption?: string }
  /** A text to speak as a voice note; sent as text when it cannot be spoken. */
  | { kind: 'voice'; text: string; voice: SpeechVoice };

/** What a bot answered: replies to send (in order, `delayMs` apart) and whether humans take over. */
export interface BotResult {
  replies: BotReply[];
  delayMs?: number;
  handover?: { queueId: number | null; note: string } | null;
}

/** A provider failure that another try later may fix (timeouts, 429, 5xx): retried as a job. */
export class RetryableBotError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RetryableBotError';
  }
}

/** Reads a fetch answer as JSON, or null when it is not JSON. */
export async function jsonOf(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text.trim()) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A 429, 5xx or no answer at all may succeed later; a 4xx will not. */
export function failureOf(where: string, response: Response) {
  const message = `${where} answered ${response.status}`;
  return response.status === 429 || response.status >= 500 ? new RetryableBotError(message) : new Error(message);
}
