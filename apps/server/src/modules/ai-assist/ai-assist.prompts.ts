import type { AiAssistRewriteStyle } from '@wacrm/shared';
import type { AssistMessage } from './ai-assist.provider.ts';
import type { TranscriptMessage } from './ai-assist.repository.ts';

// What each helper sends the provider (docs/decisions/ai-assist.md lists it for admins): a system
// message saying the task, then one user message with the material. The conversation goes as a
// transcript with named speakers, so the model never mistakes a customer's words for an order.

/** One line per message; media are named by type (the file itself is never uploaded). */
export function transcriptOf(thread: TranscriptMessage[]): string {
  return thread
    .map((message) => {
      const speaker = message.isSystem
        ? 'Bot'
        : message.fromMe
          ? 'Attendant'
          : `Customer${message.participantName ? ` (${message.participantName})` : ''}`;
      const media = message.mediaType ? `[${message.mediaType} attached] ` : '';
      return `${speaker}: ${media}${message.body.replace(/\s+/g, ' ').trim()}`.trim();
    })
    .join('\n');
}

export const SUMMARY_SYSTEM = [
  'You help a customer-service attendant. Summarise the WhatsApp conversation below in a few short lines,',
  'in the language of the attendant interface given, with three parts: what the customer wants, what was done,',
  'and what is still pending. Do not invent facts. Answer with the summary only.',
].join(' ');

export function summaryMessages(input: {
  language: string;
  contactName: string | null;
  current: string;
  earlier: string[];
}): AssistMessage[] {
  const earlier = input.earlier.length
    ? `\n\nEarlier tickets of the same contact, newest first:\n${input.earlier.map((text, index) => `--- Earlier ticket ${index + 1} ---\n${text}`).join('\n')}`
    : '';
  return [
    { role: 'system', content: SUMMARY_SYSTEM },
    {
      role: 'user',
      content: `Interface language: ${input.language}\nCustomer: ${input.contactName ?? 'unknown'}\n\nThis ticket:\n${input.current || '(no messages yet)'}${earlier}`,
    },
  ];
}

export const SUGGEST_SYSTEM = [
  "You draft the attendant's next reply to the customer in a WhatsApp conversation. Write only the reply text,",
  'ready to send, in the language the customer writes in, short and polite. Use the reference answers when they',
  'fit; never promise what the conversation and references do not support.',
].join(' ');

export function suggestMessages(input: {
  current: string;
  references: { shortcode: string; message: string }[];
}): AssistMessage[] {
  const references = input.references.length
    ? `\n\nReference answers of the company:\n${input.references.map((reference) => `/${reference.shortcode}: ${reference.message}`).join('\n')}`
    : '';
  return [
    { role: 'system', content: SUGGEST_SYSTEM },
    { role: 'user', content: `Conversation:\n${input.current || '(no messages yet)'}${references}` },
  ];
}

const styleTask: Record<AiAssistRewriteStyle, string> = {
  friendly: 'friendlier and warmer, keeping it professional',
  formal: 'more formal and polite',
  shorter: 'shorter, keeping everything that matters',
  correct: 'correct in spelling, grammar and punctuation, changing nothing else',
};

export function rewriteMessages(text: string, style: AiAssistRewriteStyle): AssistMessage[] {
  return [
    {
      role: 'system',
      content: `Rewrite the attendant's message to a customer so that it is ${styleTask[style]}. Keep its language and meaning. Answer with the rewritten message only.`,
    },
    { role: 'user', content: text },
  ];
}

export function translateMessages(text: string, target: string, customerSample: string | null): AssistMessage[] {
  const into =
    target === 'customer'
      ? `the language the customer writes in (their recent messages: """${customerSample ?? ''}""")`
      : `the language with the tag "${target}"`;
  return [
    {
      role: 'system',
      content: `Translate the text into ${into}. Keep the meaning, tone and formatting. Answer with the translation only.`,
    },
    { role: 'user', content: text },
  ];
}
