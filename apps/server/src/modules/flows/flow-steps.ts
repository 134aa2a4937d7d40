import {
  type FlowConditionOperator,
  type FlowConnection,
  type FlowContentBlock,
  type FlowNodeShape,
  normalizeFlowPhrase,
  outgoingHandlesOf,
} from '@wacrm/shared';

/** A saved flow indexed for the runtime: nodes by id, and the target of each (node, handle). */
export interface FlowGraph {
  nodes: Map<string, FlowNodeShape>;
  startId: string | null;
  next(nodeId: string, handle?: string | null): string | null;
}

export function indexFlowGraph(nodes: FlowNodeShape[], connections: FlowConnection[]): FlowGraph {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  // A single-output node's edge is found by the node alone, whatever its handle is named (the
  // editor names it `a`; flows saved before that was kept have none).
  const handleOf = ({ source, sourceHandle }: FlowConnection) => {
    const node = byId.get(source);
    const hasSingleOutput = node && outgoingHandlesOf(node).length === 1 && outgoingHandlesOf(node)[0] === null;
    return hasSingleOutput ? '' : (sourceHandle ?? '');
  };
  const edges = new Map(
    connections.map((connection) => [`${connection.source}|${handleOf(connection)}`, connection.target]),
  );
  return {
    nodes: byId,
    startId: nodes.find((node) => node.type === 'start')?.id ?? null,
    next: (nodeId, handle = null) => {
      const target = edges.get(`${nodeId}|${handle ?? ''}`);
      return target && byId.has(target) ? target : null;
    },
  };
}

/**
 * `{{key}}` in a flow's text: the run's own variables (question answers) first, then `context`
 * (the contact's number and email, the company's custom variables) in its order; anything else
 * stays for the messages module ({{name}}, {{firstName}}, {{protocol}}…, unknown ones emptied there).
 */
export function fillFlowVariables(
  text: string,
  variables: Record<string, string>,
  context: readonly (readonly [string, string])[] = [],
) {
  if (!text.includes('{{')) return text;
  const values = new Map<string, string>();
  for (const [key, value] of context) if (!values.has(key)) values.set(key, value);
  return text.replace(/\{\{\s*([\w-]+)\s*\}\}/g, (whole, key: string) =>
    Object.hasOwn(variables, key) ? variables[key] : (values.get(key) ?? whole),
  );
}

export function menuText(data: { message: string; arrayOption: { number: number; value: string }[] }) {
  const options = data.arrayOption.map((option) => `[${option.number}] - ${option.value}`).join('\n');
  return `${data.message}\n\n${options}`;
}

/** The chosen option's number from an answer such as "2", " 2 " or "[2]". */
export function menuChoice(answer: string, options: { number: number }[]) {
  const match = /^\s*\[?\s*(\d{1,3})\s*\]?\s*$/.exec(answer);
  const chosen = match ? Number(match[1]) : Number.NaN;
  return options.some((option) => option.number === chosen) ? chosen : null;
}

const toNumber = (text: string) => {
  const value = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(value) ? value : null;
};

/** A condition node's test; text comparisons ignore case, accents and surrounding spaces. */
export function evaluateCondition(actual: string | undefined, operator: FlowConditionOperator, expected: string) {
  const left = normalizeFlowPhrase(actual ?? '');
  const right = normalizeFlowPhrase(expected);
  switch (operator) {
    case 'isEmpty':
      return left === '';
    case 'equals':
      return left === right;
    case 'contains':
      return left.includes(right);
    case 'startsWith':
      return left.startsWith(right);
    case 'greaterThan':
    case 'lessThan': {
      const a = toNumber(actual ?? '');
      const b = toNumber(expected);
      if (a === null || b === null) return false;
      return operator === 'greaterThan' ? a > b : a < b;
    }
  }
}

/** A content node's blocks in the order the editor's `seq` gives (else as listed). */
export function contentBlocks(data: { seq?: string[]; elements: FlowContentBlock[] }) {
  if (!data.seq?.length) return data.elements;
  const byNumber = new Map(data.elements.map((element) => [element.number, element]));
  const ordered = data.seq.map((id) => byNumber.get(id.replace(/^[a-z]+/i, '')) ?? byNumber.get(id)).filter(Boolean);
  return ordered.length === data.elements.length ? (ordered as FlowContentBlock[]) : data.elements;
}
