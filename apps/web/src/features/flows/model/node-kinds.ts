import type { FlowNodeType } from '@wacrm/shared';

/** The kinds the speed-dial adds. */
export const addableNodeKinds = [
  'message',
  'content',
  'menu',
  'question',
  'condition',
  'randomizer',
  'interval',
  'img',
  'audio',
  'video',
  'ticket',
  'typebot',
  'openai',
] as const satisfies readonly FlowNodeType[];
export type AddableNodeKind = (typeof addableNodeKinds)[number];

/** Each kind's colour on the canvas (same in light and dark, readable on both). */
export const nodeColors: Record<string, string> = {
  start: '#2e7d32',
  message: '#1976d2',
  content: '#00838f',
  menu: '#6a1b9a',
  question: '#ad1457',
  condition: '#ef6c00',
  randomizer: '#5d4037',
  interval: '#546e7a',
  img: '#c62828',
  audio: '#283593',
  video: '#4e342e',
  ticket: '#00695c',
  singleBlock: '#00838f',
  typebot: '#0277bd',
  openai: '#10a37f',
};

/** The data a new node of a kind starts with, before its dialog fills it. */
export function emptyNodeData(kind: AddableNodeKind): Record<string, unknown> {
  switch (kind) {
    case 'message':
      return { label: '' };
    case 'content':
      return { seq: [], elements: [] };
    case 'menu':
      return { message: '', arrayOption: [{ number: 1, value: '' }] };
    case 'question':
      return { typebotIntegration: { message: '', answerKey: '' } };
    case 'condition':
      return { key: '', condition: 'equals', value: '' };
    case 'randomizer':
      return { percent: 50 };
    case 'interval':
      return { sec: 5 };
    case 'ticket':
      return { queue: null };
    case 'typebot':
      return {
        typebotIntegration: { name: '', urlN8N: '', typebotSlug: '', typebotExpires: 1, typebotDelayMessage: 1000 },
      };
    case 'openai':
      return {
        typebotIntegration: {
          name: '',
          apiKey: '',
          prompt: '',
          model: 'gpt-3.5-turbo-1106',
          voice: 'texto',
          temperature: 1,
          maxTokens: 100,
          maxMessages: 10,
        },
      };
    default:
      return { url: '' };
  }
}

/** A short line a node shows on the canvas. */
export function nodeSummary(type: string, data: Record<string, unknown>): string {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  switch (type) {
    case 'message':
      return text(data.label);
    case 'menu':
      return text(data.message);
    case 'question':
      return text((data.typebotIntegration as { message?: string } | undefined)?.message);
    case 'condition':
      return `${text(data.key)} ${text(data.condition)} ${text(data.value)}`.trim();
    case 'interval':
      return `${Number(data.sec) || 0}s`;
    case 'randomizer':
      return `${Number(data.percent) || 0}% / ${100 - (Number(data.percent) || 0)}%`;
    case 'ticket':
      return text((data.queue as { name?: string } | null)?.name);
    case 'content':
    case 'singleBlock':
      return `${((data.elements as unknown[]) ?? []).length}`;
    case 'typebot':
    case 'openai':
      return text((data.typebotIntegration as { name?: string } | undefined)?.name);
    default:
      return text(data.url).split('/').pop() ?? '';
  }
}
