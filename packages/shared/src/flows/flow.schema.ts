import { z } from 'zod';
import { dbIdSchema } from '../common/db-values.ts';
import { pageNumberSchema } from '../common/pagination.ts';
import { pageSchema, timestampSchema } from '../common/route-contract.ts';
import { PROMPT_DEFAULTS, PROMPT_VOICES } from '../integrations/prompt.schema.ts';
import { TYPEBOT_DEFAULTS } from '../integrations/queue-integration.schema.ts';
import {
  FLOW_INTERVAL_MAX_SECONDS,
  flowConditionOperators,
  flowContentBlockTypes,
  flowNodeTypes,
} from './flow.constants.ts';

/** spec: flow name 2–50, required ('Muito curto!', 'Muito longo!', 'Digite um nome!'). */
export const flowNameSchema = z.string({ error: 'Required' }).trim().min(2, 'Too Short!').max(50, 'Too Long!');

export const flowCreateSchema = z.object({ name: flowNameSchema });
export type FlowCreate = z.infer<typeof flowCreateSchema>;
/** `PUT /flowbuilder {name, flowId}`; `active` is our addition (the list's switch). */
export const flowUpdateSchema = z.object({
  flowId: dbIdSchema,
  name: flowNameSchema.optional(),
  active: z.boolean().optional(),
});
export type FlowUpdate = z.infer<typeof flowUpdateSchema>;
/** `name` is the copy's name, in the caller's language (the web sends "… (cópia)"); default `… (copy)`. */
export const flowDuplicateSchema = z.object({ flowId: dbIdSchema, name: flowNameSchema.optional() });
export const flowIdParamsSchema = z.object({ id: dbIdSchema });
export const flowListQuerySchema = z.object({
  searchParam: z.string().trim().max(100).optional(),
  pageNumber: pageNumberSchema,
});
export type FlowListQuery = z.infer<typeof flowListQuerySchema>;

const text = (max = 4096) => z.string({ error: 'Required' }).trim().min(1, 'Required').max(max, 'Too Long!');
/** A stored media file of the company (the upload routes answer it). */
const mediaPath = z.string({ error: 'Required' }).min(1, 'Required').max(300);

export const flowIntervalSecondsSchema = z.coerce
  .number({ error: 'Required' })
  .int()
  .min(1, 'Required')
  .max(FLOW_INTERVAL_MAX_SECONDS, 'Max 120 seconds');

export const flowContentBlockSchema = z.object({
  number: z.union([z.string(), z.number()]).transform(String),
  type: z.enum(flowContentBlockTypes),
  value: z.string().max(4096),
  original: z.string().max(300).optional(),
  record: z.boolean().optional(),
});
export type FlowContentBlock = z.infer<typeof flowContentBlockSchema>;

const contentData = z
  .object({
    seq: z.array(z.string().max(40)).max(50).optional(),
    elements: z.array(flowContentBlockSchema).min(1, 'Required').max(50),
  })
  .superRefine((data, ctx) => {
    data.elements.forEach((element, index) => {
      const path = ['elements', index, 'value'];
      if (element.type === 'message' && !element.value.trim())
        ctx.addIssue({ code: 'custom', path, message: 'Empty message' });
      if (element.type === 'interval' && !flowIntervalSecondsSchema.safeParse(element.value).success)
        ctx.addIssue({ code: 'custom', path, message: 'Interval must be 1 to 120' });
      if (['img', 'audio', 'video'].includes(element.type) && !element.value)
        ctx.addIssue({ code: 'custom', path, message: 'Empty media card' });
    });
  });

/** One schema per node type: the editor's dialogs and the server's save both use these. */
const optionalNodeText = (max: number) => z.string().trim().max(max, 'Too Long!').nullable().optional();

/**
 * A typebot node's settings (spec: the node keeps them in `typebotIntegration`), the same fields
 * as a Typebot queue integration: the bot's server URL and public slug, required.
 */
export const flowTypebotSettings = z.object(
  {
    name: z.string({ error: 'Required' }).trim().min(1, 'Required').max(50, 'Too Long!'),
    urlN8N: z.string({ error: 'Required' }).trim().min(1, 'Required').max(2000, 'Too Long!').url('Invalid URL'),
    typebotSlug: z.string({ error: 'Required' }).trim().min(1, 'Required').max(200, 'Too Long!'),
    typebotDelayMessage: z.coerce.number().int().min(0).max(60_000).default(TYPEBOT_DEFAULTS.delayMessage),
    typebotExpires: z.coerce.number().int().min(0).max(10_080).default(TYPEBOT_DEFAULTS.expires),
    typebotKeywordFinish: optionalNodeText(100),
    typebotKeywordRestart: optionalNodeText(100),
    typebotRestartMessage: optionalNodeText(1000),
    typebotUnknownMessage: optionalNodeText(1000),
  },
  { error: 'Required' },
);
export type FlowTypebotSettings = z.infer<typeof flowTypebotSettings>;

/**
 * An OpenAI node's settings (spec: name, apiKey and prompt required; voice, voiceKey, voiceRegion,
 * temperature, maxTokens, maxMessages optional). `apiKey` is write-only: the API answers it masked
 * and a save with it blank or masked keeps the node's stored key (docs/decisions/flows.md).
 */
export const flowOpenAiSettings = z.object(
  {
    name: z.string({ error: 'Required' }).trim().min(1, 'Required').max(100, 'Too Long!'),
    apiKey: z.string().trim().max(500, 'Too Long!').optional().default(''),
    prompt: z.string({ error: 'Required' }).trim().min(1, 'Required').max(20_000, 'Too Long!'),
    model: z.string().trim().min(1).max(100, 'Too Long!').default(PROMPT_DEFAULTS.model),
    voice: z.enum(PROMPT_VOICES).default('texto'),
    voiceKey: z.string().trim().max(500, 'Too Long!').nullable().optional(),
    voiceRegion: z.string().trim().max(50, 'Too Long!').nullable().optional(),
    temperature: z.coerce.number().min(0).max(1).default(PROMPT_DEFAULTS.temperature),
    maxTokens: z.coerce.number().int().min(1).max(32_000).default(PROMPT_DEFAULTS.maxTokens),
    maxMessages: z.coerce.number().int().min(1).max(100).default(PROMPT_DEFAULTS.maxMessages),
  },
  { error: 'Required' },
);
export type FlowOpenAiSettings = z.infer<typeof flowOpenAiSettings>;

export const flowNodeDataSchemas = {
  start: z.object({ label: z.string().max(100).optional() }),
  message: z.object({ label: text() }),
  interval: z.object({ sec: flowIntervalSecondsSchema, label: z.string().max(100).optional() }),
  condition: z.object({
    key: text(60),
    condition: z.enum(flowConditionOperators, { error: 'Required' }),
    value: z.string().max(500).default(''),
  }),
  menu: z.object({
    message: text(),
    arrayOption: z
      .array(z.object({ number: z.coerce.number().int().min(1), value: text(200) }))
      .min(1, 'Add an option')
      .max(20)
      .refine(
        (options) => options.every((option, index) => option.number === index + 1),
        'Options are numbered from 1',
      ),
  }),
  img: z.object({ url: mediaPath }),
  audio: z.object({ url: mediaPath, record: z.boolean().optional() }),
  video: z.object({ url: mediaPath }),
  // The first branch's share: the slider offers 0 to 100 in steps of 10 and the save refuses 0,
  // as the interval's does (spec); 100 always takes the first branch.
  randomizer: z.object({
    percent: z.coerce
      .number({ error: 'Required' })
      .int()
      .min(10, 'Choose 10 to 100')
      .max(100, 'Choose 10 to 100')
      .refine((value) => value % 10 === 0, 'Steps of 10'),
  }),
  content: contentData,
  singleBlock: contentData,
  ticket: z.object({
    queue: z.object({ id: dbIdSchema, name: z.string().max(100).optional() }, { error: 'Choose a queue' }),
  }),
  question: z.object({
    typebotIntegration: z.object({
      message: text(),
      answerKey: z
        .string({ error: 'Required' })
        .trim()
        .min(1, 'Required')
        .max(60)
        .regex(/^[A-Za-z0-9_]+$/, 'Letters, digits and _ only'),
    }),
  }),
  typebot: z.object({ typebotIntegration: flowTypebotSettings }),
  openai: z.object({ typebotIntegration: flowOpenAiSettings }),
} as const satisfies Record<(typeof flowNodeTypes)[number], z.ZodType>;

export type FlowNodeData<T extends keyof typeof flowNodeDataSchemas> = z.infer<(typeof flowNodeDataSchemas)[T]>;

const idString = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

/** The node as the editor stores it (data checked per type by `parseFlowGraph`). */
export const flowNodeShapeSchema = z.object({
  id: idString,
  type: z.enum(flowNodeTypes),
  position: z.object({ x: z.number().finite(), y: z.number().finite() }),
  data: z.record(z.string(), z.unknown()).default({}),
  style: z.record(z.string(), z.unknown()).optional(),
});
export type FlowNodeShape = z.infer<typeof flowNodeShapeSchema>;

/** A connection: menu branches leave from `a{n}`, conditions from `true`/`false`, randomizers from `a`/`b`. */
export const flowConnectionSchema = z.object({
  id: z.string().min(1).max(200),
  source: idString,
  target: idString,
  sourceHandle: z.string().max(20).nullable().optional(),
});
export type FlowConnection = z.infer<typeof flowConnectionSchema>;

/**
 * `POST /flowbuilder/flow {idFlow, nodes, connections}`. Nodes and connections stay loose here so
 * that one bad node answers a field-level error naming it (parseFlowGraph), not a generic one.
 */
export const flowSaveSchema = z.object({
  idFlow: dbIdSchema,
  nodes: z.array(z.unknown()),
  connections: z.array(z.unknown()),
});
export type FlowSave = z.infer<typeof flowSaveSchema>;

/** `POST /flowbuilder/import`: an export file. Media travel inline (base64) so another company gets its own copy. */
export const flowImportSchema = z.object({
  format: z.literal('wacrm-flow'),
  version: z.literal(1),
  name: flowNameSchema,
  nodes: z.array(z.unknown()),
  connections: z.array(z.unknown()),
  media: z
    .array(z.object({ path: z.string().max(300), mimetype: z.string().max(100), base64: z.string() }))
    .max(200)
    .default([]),
});
export type FlowImport = z.infer<typeof flowImportSchema>;

/** A flow as the API answers it (the list, create, rename, duplicate). */
export const flowRecordSchema = z.object({
  id: z.number(),
  name: z.string(),
  active: z.boolean(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type FlowRecord = z.input<typeof flowRecordSchema>;

/** `GET /flowbuilder`: the flows list counts nothing, so its page has no `count`. */
export const flowsPageSchema = pageSchema('flows', flowRecordSchema).omit({ count: true });

/** A stored node as answered: always with its `data` (the save filled it in). */
export const flowNodeRecordSchema = flowNodeShapeSchema.extend({ data: z.record(z.string(), z.unknown()) });

export const flowContentSchema = z.object({
  nodes: z.array(flowNodeRecordSchema),
  connections: z.array(flowConnectionSchema),
});
export type FlowContent = z.input<typeof flowContentSchema>;

/** `GET /flowbuilder/flow/{id}`: `flow.flow` is null before the first save; media links are signed. */
export const flowContentAnswerSchema = z.object({
  flow: flowRecordSchema.extend({
    flow: flowContentSchema.nullable(),
    mediaUrls: z.record(z.string(), z.string()),
  }),
});

/** The export file (`GET /flowbuilder/{id}/export`), read back by `POST /flowbuilder/import`. */
export const flowExportFileSchema = z.object({
  format: z.literal('wacrm-flow'),
  version: z.literal(1),
  name: z.string(),
  nodes: z.array(flowNodeRecordSchema),
  connections: z.array(flowConnectionSchema),
  media: z.array(z.object({ path: z.string(), mimetype: z.string(), base64: z.string() })),
});

/** An upload's stored file: `name` is the path nodes keep, `url` a signed link for previews. */
export const flowUploadAnswerSchema = z.object({
  name: z.string(),
  url: z.string(),
  kind: z.enum(['img', 'audio', 'video']),
});

/** Sandbox test panel: a customer number of the sandbox connection plays the flow. */
export const flowTestSchema = z.object({
  whatsappId: dbIdSchema,
  number: z
    .string()
    .trim()
    .regex(/^\d{8,20}$/, 'Digits only (8–20)'),
});
