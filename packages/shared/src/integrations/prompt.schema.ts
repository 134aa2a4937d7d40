import { z } from 'zod';
import { timestampSchema } from '../common/route-contract.ts';

/** spec constants: prompt defaults and the models offered (any other OpenAI-compatible name may be typed). */
export const PROMPT_MODELS = ['gpt-3.5-turbo-1106', 'gpt-4o-mini'] as const;
export const PROMPT_DEFAULTS = {
  model: 'gpt-3.5-turbo-1106',
  maxTokens: 100,
  temperature: 1,
  maxMessages: 10,
} as const;

/** spec: `texto` (text only) plus Brazilian-Portuguese neural voices. */
export const PROMPT_VOICES = [
  'texto',
  'pt-BR-FranciscaNeural',
  'pt-BR-AntonioNeural',
  'pt-BR-BrendaNeural',
  'pt-BR-DonatoNeural',
  'pt-BR-ElzaNeural',
  'pt-BR-FabioNeural',
  'pt-BR-GiovannaNeural',
  'pt-BR-HumbertoNeural',
  'pt-BR-JulioNeural',
  'pt-BR-LeilaNeural',
  'pt-BR-LeticiaNeural',
  'pt-BR-ManuelaNeural',
  'pt-BR-NicolauNeural',
  'pt-BR-ValerioNeural',
  'pt-BR-YaraNeural',
] as const;

/**
 * What the model answers, on a line of its own, to hand the customer to a human
 * (docs/decisions/ai-and-integrations.md). The prompt text must tell the model to use it.
 */
export const PROMPT_TRANSFER_ACTION = 'Ação: Transferir para o setor de atendimento';

const id = z.number({ error: 'Required' }).int().positive().max(2_147_483_647);

/**
 * The prompt dialog (spec: name 5–100, prompt min 50, temperature 0–1, queue required).
 * `apiKey` is write-only: left out or blank on edit keeps the stored key.
 */
export const promptFieldsSchema = z.object({
  name: z.string({ error: 'Required' }).trim().min(5, 'Too Short!').max(100, 'Too Long!'),
  prompt: z.string({ error: 'Required' }).trim().min(50, 'Too Short!').max(20_000, 'Too Long!'),
  model: z.string().trim().min(1, 'Required').max(100, 'Too Long!').default(PROMPT_DEFAULTS.model),
  maxTokens: z.number().int().min(1).max(32_000).default(PROMPT_DEFAULTS.maxTokens),
  temperature: z.number().min(0).max(1).default(PROMPT_DEFAULTS.temperature),
  apiKey: z.string().trim().max(500, 'Too Long!').optional(),
  queueId: id,
  maxMessages: z.number().int().min(1).max(100).default(PROMPT_DEFAULTS.maxMessages),
  voice: z.enum(PROMPT_VOICES).default('texto'),
  voiceKey: z.string().trim().max(500, 'Too Long!').optional(),
  voiceRegion: z.string().trim().max(50, 'Too Long!').nullable().optional(),
});
export type PromptFields = z.infer<typeof promptFieldsSchema>;
export type PromptInput = z.input<typeof promptFieldsSchema>;

export const botIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** A prompt as the API answers it: secrets only masked (`sk-…abcd`), never in full. */
export const promptRecordSchema = z.object({
  id: z.number(),
  name: z.string(),
  prompt: z.string(),
  model: z.string(),
  maxTokens: z.number(),
  temperature: z.number(),
  /** Masked key, or null when none is stored. */
  apiKey: z.string().nullable(),
  queueId: z.number(),
  queue: z.object({ id: z.number(), name: z.string(), color: z.string() }).nullable(),
  maxMessages: z.number(),
  voice: z.string(),
  voiceKey: z.string().nullable(),
  voiceRegion: z.string().nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type PromptRecord = z.input<typeof promptRecordSchema>;

/** `company-{id}-prompt`. */
export type PromptEvent =
  | { action: 'create' | 'update'; prompt: PromptRecord }
  | { action: 'delete'; promptId: number };

/** Keeps the start and end of a secret so an admin can tell keys apart: `sk-…wxyz`. */
export function maskSecret(secret: string | null | undefined): string | null {
  if (!secret) return null;
  if (secret.length <= 8) return '••••';
  return `${secret.slice(0, 3)}…${secret.slice(-4)}`;
}
