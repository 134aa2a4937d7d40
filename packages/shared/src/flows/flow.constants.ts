/** Flow builder constants (spec §9 and issue 17). */

/** Flows per page of `GET /flowbuilder`. */
export const FLOWS_PAGE_SIZE = 40;
/** A saved flow holds at most this many nodes and connections (a clear 413 beyond). */
export const FLOW_MAX_NODES = 500;
export const FLOW_MAX_CONNECTIONS = 2000;
/** A saved or imported flow's JSON body (fastify answers 413 past it). */
export const FLOW_MAX_BODY_BYTES = 1024 * 1024;
/** spec: interval node 1–120 seconds. */
export const FLOW_INTERVAL_MAX_SECONDS = 120;
/** Runtime: nodes one inbound message (or one resumed delay) may run before the run is stopped as a loop. */
export const FLOW_MAX_STEPS_PER_INPUT = 50;
/** Runtime: invalid menu answers before the menu gives up and hands the ticket to a human. */
export const FLOW_MENU_MAX_INVALID_ANSWERS = 3;
/** spec: upload limits of the node dialogs. */
export const FLOW_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const FLOW_AUDIO_MAX_BYTES = 5 * 1024 * 1024;
export const FLOW_VIDEO_MAX_BYTES = 20 * 1024 * 1024;
/** The start node's fixed id (spec: creating a new start node replaces the one with id '1'). */
export const FLOW_START_NODE_ID = '1';

export const flowNodeTypes = [
  'start',
  'message',
  'interval',
  'menu',
  'img',
  'audio',
  'video',
  'randomizer',
  'condition',
  'singleBlock',
  'content',
  'ticket',
  'typebot',
  'question',
  'openai',
] as const;
export type FlowNodeType = (typeof flowNodeTypes)[number];

/** Node types that hand the conversation to a bot (the integrations module's runtimes) and the plan flag each needs. */
export const FLOW_BOT_NODE_FLAGS = { typebot: 'useIntegrations', openai: 'useOpenAi' } as const;

export const flowConditionOperators = [
  'equals',
  'contains',
  'startsWith',
  'greaterThan',
  'lessThan',
  'isEmpty',
] as const;
export type FlowConditionOperator = (typeof flowConditionOperators)[number];

export const flowContentBlockTypes = ['message', 'interval', 'img', 'audio', 'video'] as const;
export type FlowContentBlockType = (typeof flowContentBlockTypes)[number];

/** Contact fields a condition may test without a question node asking for them. */
export const FLOW_BUILT_IN_VARIABLES = ['name', 'number', 'email'] as const;

/** Media kinds the upload routes accept, checked from the file's first bytes (not its name). */
export const flowMediaKinds = {
  img: { maxBytes: FLOW_IMAGE_MAX_BYTES, mimetypes: ['image/png', 'image/jpeg'], accept: '.png,.jpg,.jpeg' },
  audio: {
    maxBytes: FLOW_AUDIO_MAX_BYTES,
    mimetypes: ['audio/ogg', 'audio/mpeg'],
    accept: '.ogg,.mp3,.opus',
  },
  video: { maxBytes: FLOW_VIDEO_MAX_BYTES, mimetypes: ['video/mp4'], accept: '.mp4' },
} as const;
export type FlowMediaKind = keyof typeof flowMediaKinds;
