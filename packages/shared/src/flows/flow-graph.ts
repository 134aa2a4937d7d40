import { z } from 'zod';
import { FLOW_BUILT_IN_VARIABLES, FLOW_MAX_CONNECTIONS, FLOW_MAX_NODES, type FlowNodeType } from './flow.constants.ts';
import {
  type FlowConnection,
  type FlowNodeShape,
  flowConnectionSchema,
  flowNodeDataSchemas,
  flowNodeShapeSchema,
} from './flow.schema.ts';

/** One problem of a flow, named by the node or connection a user must fix. */
export const flowIssueSchema = z.object({
  nodeId: z.string().optional(),
  connectionId: z.string().optional(),
  /** The data field, when the problem is one field (`label`, `arrayOption.1.value`…). */
  field: z.string().optional(),
  code: z.enum([
    'invalidNode',
    'invalidConnection',
    'duplicateId',
    'unknownNode',
    'missingEdge',
    'menuOptionWithoutBranch',
    'unknownHandle',
    'tooManyEdges',
    'unknownVariable',
    'integrationNotConfigured',
    'missingApiKey',
    'unreachable',
    'noStart',
  ]),
  message: z.string(),
});
export type FlowIssue = z.infer<typeof flowIssueSchema>;

export type FlowGraphResult =
  | { ok: true; nodes: FlowNodeShape[]; connections: FlowConnection[]; warnings: FlowIssue[] }
  | { ok: false; errors: FlowIssue[]; warnings: FlowIssue[]; tooLarge?: boolean };

/** The handles a node's branches may leave from; `null` means the single unnamed handle. */
export function outgoingHandlesOf(node: FlowNodeShape): (string | null)[] {
  if (node.type === 'menu') {
    const options = (node.data.arrayOption as { number: number }[] | undefined) ?? [];
    return options.map((option) => `a${option.number}`);
  }
  if (node.type === 'condition') return ['true', 'false'];
  if (node.type === 'randomizer') return ['a', 'b'];
  return [null];
}

/** Whether a node must have every branch connected (the others may end the flow). */
const needsEdges: Partial<Record<FlowNodeType, boolean>> = {
  start: true,
  interval: true,
  menu: true,
  condition: true,
  randomizer: true,
  question: true,
};

/**
 * Checks a flow as the editor sends it: shapes, each node's data by its type, and the graph (every
 * needed branch connected, no edge to a missing node, conditions on known variables, the
 * typebot and OpenAI nodes' settings). Unreachable nodes are warnings only.
 */
export function parseFlowGraph(rawNodes: unknown[], rawConnections: unknown[]): FlowGraphResult {
  const errors: FlowIssue[] = [];
  const warnings: FlowIssue[] = [];
  if (rawNodes.length > FLOW_MAX_NODES || rawConnections.length > FLOW_MAX_CONNECTIONS) {
    return {
      ok: false,
      tooLarge: true,
      warnings,
      errors: [
        { code: 'invalidNode', message: `At most ${FLOW_MAX_NODES} nodes and ${FLOW_MAX_CONNECTIONS} connections` },
      ],
    };
  }
  const nodes: FlowNodeShape[] = [];
  const seen = new Set<string>();
  rawNodes.forEach((raw, index) => {
    const id = typeof (raw as { id?: unknown })?.id === 'string' ? (raw as { id: string }).id : `#${index}`;
    const shape = flowNodeShapeSchema.safeParse(raw);
    if (!shape.success) {
      const issue = shape.error.issues[0];
      errors.push({
        nodeId: id,
        field: issue?.path.join('.'),
        code: 'invalidNode',
        message: issue?.message ?? 'Invalid',
      });
      return;
    }
    if (seen.has(shape.data.id)) {
      errors.push({ nodeId: id, code: 'duplicateId', message: 'Two nodes have this id' });
      return;
    }
    seen.add(shape.data.id);
    const data = flowNodeDataSchemas[shape.data.type].safeParse(shape.data.data);
    if (!data.success) {
      for (const issue of data.error.issues) {
        errors.push({ nodeId: id, field: issue.path.join('.'), code: 'invalidNode', message: issue.message });
      }
      return;
    }
    nodes.push({ ...shape.data, data: data.data as Record<string, unknown> });
  });

  const byId = new Map(nodes.map((node) => [node.id, node]));
  const connections: FlowConnection[] = [];
  const connectionIds = new Set<string>();
  for (const [index, raw] of rawConnections.entries()) {
    const parsed = flowConnectionSchema.safeParse(raw);
    const id = parsed.success ? parsed.data.id : `#${index}`;
    if (!parsed.success || connectionIds.has(id)) {
      errors.push({ connectionId: id, code: 'invalidConnection', message: 'Invalid connection' });
      continue;
    }
    connectionIds.add(id);
    const connection = { ...parsed.data, sourceHandle: parsed.data.sourceHandle ?? null };
    const source = byId.get(connection.source);
    // A node that failed its own check is reported already; only a truly missing one here.
    if (!source || !byId.has(connection.target)) {
      if (seen.has(connection.source) && seen.has(connection.target)) continue;
      errors.push({
        connectionId: id,
        code: 'unknownNode',
        message: 'This connection points to a node that does not exist',
      });
      continue;
    }
    const handles = outgoingHandlesOf(source);
    if (!handles.includes(connection.sourceHandle) && !(handles[0] === null && handles.length === 1)) {
      errors.push({
        connectionId: id,
        nodeId: source.id,
        code: 'unknownHandle',
        message: 'This branch does not exist',
      });
      continue;
    }
    // Kept as the editor sent it (its single-output nodes name their handle `a`), so that an export
    // imported again is the same flow; the runtime reads a single-output node's edge by node alone.
    connections.push(connection);
  }

  const answerKeys = new Set<string>(FLOW_BUILT_IN_VARIABLES);
  for (const node of nodes) {
    if (node.type === 'question') answerKeys.add((node.data.typebotIntegration as { answerKey: string }).answerKey);
  }
  for (const node of nodes) {
    const leaving = connections.filter((connection) => connection.source === node.id);
    const handles = outgoingHandlesOf(node);
    const hasSingleOutput = handles.length === 1 && handles[0] === null;
    for (const handle of handles) {
      const count = leaving.filter((connection) => hasSingleOutput || connection.sourceHandle === handle).length;
      if (count > 1)
        errors.push({ nodeId: node.id, code: 'tooManyEdges', message: 'Only one connection may leave here' });
      if (count === 0 && needsEdges[node.type] && (node.type !== 'start' || nodes.length > 1)) {
        errors.push(
          node.type === 'menu'
            ? {
                nodeId: node.id,
                field: `arrayOption.${Number(handle?.slice(1)) - 1}`,
                code: 'menuOptionWithoutBranch',
                message: `Option ${handle?.slice(1)} leads nowhere`,
              }
            : {
                nodeId: node.id,
                field: handle ?? undefined,
                code: 'missingEdge',
                message: 'Connect this node to the next one',
              },
        );
      }
    }
    if (node.type === 'condition' && !answerKeys.has(node.data.key as string)) {
      errors.push({
        nodeId: node.id,
        field: 'key',
        code: 'unknownVariable',
        message: 'No question saves this variable',
      });
    }
  }

  const starts = nodes.filter((node) => node.type === 'start');
  if (nodes.length > 0 && starts.length !== 1 && !errors.some((error) => error.code === 'invalidNode')) {
    errors.push({ code: 'noStart', message: 'A flow has exactly one start node' });
  }
  if (starts.length === 1) {
    const reached = new Set([starts[0].id]);
    const pending = [starts[0].id];
    while (pending.length > 0) {
      const current = pending.pop()!;
      for (const connection of connections) {
        if (connection.source === current && !reached.has(connection.target)) {
          reached.add(connection.target);
          pending.push(connection.target);
        }
      }
    }
    for (const node of nodes) {
      if (!reached.has(node.id)) warnings.push({ nodeId: node.id, code: 'unreachable', message: 'No path leads here' });
    }
  }
  return errors.length > 0 ? { ok: false, errors, warnings } : { ok: true, nodes, connections, warnings };
}
