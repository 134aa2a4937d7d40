import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { AppError } from '../../platform/http/app-error.ts';

export type AssistMessage = { role: 'system' | 'user'; content: string };

export interface AssistCompletion {
  text: string;
  inputTokens: number;
  outputTokens: number;
  /** The attendant cancelled (or went away) before the model finished: `text` is what came. */
  cancelled: boolean;
}

/** The client is loaded by the first assist: most servers never run one, and it costs memory at rest. */
const loadOpenAi = () => import('openai');

/** Most answers are a paragraph; a cap keeps one runaway answer from spending the month's budget. */
const MAX_OUTPUT_TOKENS = 1_000;

/** A rough count (about four characters a token) for a provider that reports no usage, or a cancelled stream. */
export const estimateTokens = (text: string) => Math.ceil(text.length / 4);

/**
 * One chat completion through the official OpenAI client (any compatible server through
 * `baseURL`), streamed when `onDelta` is given. Provider failures become ERR_AI_ASSIST_PROVIDER
 * with only the HTTP status or "timeout": never the provider's message, which may quote the key.
 */
export async function completeAssist(options: {
  apiKey: string;
  baseURL: string | undefined;
  model: string;
  messages: AssistMessage[];
  timeoutMs: number;
  signal: AbortSignal;
  onDelta?: (text: string) => void;
}): Promise<AssistCompletion> {
  const openai = await loadOpenAi();
  const client = new openai.default({
    apiKey: options.apiKey,
    baseURL: options.baseURL,
    timeout: options.timeoutMs,
    // The attendant is waiting: one clear failure beats a silent minute of retries.
    maxRetries: 0,
  });
  const request = {
    model: options.model,
    max_tokens: MAX_OUTPUT_TOKENS,
    temperature: 0.3,
    messages: options.messages satisfies ChatCompletionMessageParam[],
  };
  const inputEstimate = estimateTokens(options.messages.map((message) => message.content).join('\n'));
  let text = '';
  try {
    if (!options.onDelta) {
      const completion = await client.chat.completions.create(request, { signal: options.signal });
      text = completion.choices[0]?.message?.content?.trim() ?? '';
      return {
        text,
        inputTokens: completion.usage?.prompt_tokens ?? inputEstimate,
        outputTokens: completion.usage?.completion_tokens ?? estimateTokens(text),
        cancelled: false,
      };
    }
    const stream = await client.chat.completions.create(
      { ...request, stream: true, stream_options: { include_usage: true } },
      { signal: options.signal },
    );
    let usage: { prompt_tokens: number; completion_tokens: number } | null = null;
    for await (const chunk of stream) {
      const piece = chunk.choices[0]?.delta?.content;
      if (piece) {
        text += piece;
        options.onDelta(piece);
      }
      if (chunk.usage) usage = chunk.usage;
    }
    return {
      text: text.trim(),
      inputTokens: usage?.prompt_tokens ?? inputEstimate,
      outputTokens: usage?.completion_tokens ?? estimateTokens(text),
      cancelled: false,
    };
  } catch (error) {
    if (options.signal.aborted) {
      // Tokens the provider already produced were spent: they count, estimated.
      return { text, inputTokens: inputEstimate, outputTokens: estimateTokens(text), cancelled: true };
    }
    if (error instanceof openai.APIConnectionTimeoutError) {
      throw new AppError('ERR_AI_ASSIST_PROVIDER', { details: { reason: 'timeout' } });
    }
    if (error instanceof openai.APIError) {
      throw new AppError('ERR_AI_ASSIST_PROVIDER', {
        details: error.status ? { reason: 'status', status: error.status } : { reason: 'connection' },
      });
    }
    throw error;
  }
}
