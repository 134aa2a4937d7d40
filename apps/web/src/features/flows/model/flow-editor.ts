import { FLOW_START_NODE_ID, type FlowNodeType } from '@wacrm/shared';

/** A node as the canvas holds it: the stored shape plus React Flow's own flags. */
export interface EditorNode {
  id: string;
  type: string;
  position: { x: number; y: number };
  data: Record<string, unknown>;
  selected?: boolean;
}
export interface EditorEdge {
  id: string;
  source: string;
  target: string;
  sourceHandle?: string | null;
}

/** spec §9: new node 40 px to the right of the last, duplicates 240 px right of the rightmost; ids of 30 characters. */
export const NEW_NODE_GAP = 40;
export const DUPLICATE_OFFSET = 240;
export const NODE_WIDTH = 220;
const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function newNodeId(random: () => number = Math.random) {
  return Array.from({ length: 30 }, () => ID_ALPHABET[Math.floor(random() * ID_ALPHABET.length)]).join('');
}

export function startNode(): EditorNode {
  return { id: FLOW_START_NODE_ID, type: 'start', position: { x: 80, y: 160 }, data: { label: 'Inicio do fluxo' } };
}

/** A new node: to the right of the last one added, at its height. */
export function addNode(
  nodes: EditorNode[],
  type: FlowNodeType,
  data: Record<string, unknown>,
  id = newNodeId(),
): EditorNode[] {
  const last = nodes[nodes.length - 1];
  const position = last ? { x: last.position.x + NODE_WIDTH + NEW_NODE_GAP, y: last.position.y } : { x: 80, y: 160 };
  return [...nodes.map((node) => ({ ...node, selected: false })), { id, type, position, data }];
}

/** Replaces a node's data (the dialog's edit mode). */
export function updateNodeData(nodes: EditorNode[], id: string, data: Record<string, unknown>) {
  return nodes.map((node) => (node.id === id ? { ...node, data } : node));
}

/** A copy 240 px right of the rightmost node, unselected (spec). The start node is never copied. */
export function duplicateNode(nodes: EditorNode[], id: string, newId = newNodeId()): EditorNode[] {
  const source = nodes.find((node) => node.id === id);
  if (!source || source.type === 'start') return nodes;
  const rightmost = Math.max(...nodes.map((node) => node.position.x));
  const copy = {
    ...source,
    id: newId,
    selected: false,
    position: { x: rightmost + DUPLICATE_OFFSET, y: source.position.y },
  };
  return [...nodes, { ...copy, data: structuredClone(source.data) }];
}

/** Deleting a node also removes every connection touching it (spec). The start node stays. */
export function deleteNode(nodes: EditorNode[], edges: EditorEdge[], id: string) {
  if (id === FLOW_START_NODE_ID) return { nodes, edges };
  return {
    nodes: nodes.filter((node) => node.id !== id),
    edges: edges.filter((edge) => edge.source !== id && edge.target !== id),
  };
}

/** What is stored: the editor's shape without React Flow's runtime fields. */
export function toStoredFlow(nodes: EditorNode[], edges: EditorEdge[]) {
  return {
    nodes: nodes.map(({ id, type, position, data }) => ({
      id,
      type: type as FlowNodeType,
      position: { x: Math.round(position.x), y: Math.round(position.y) },
      data,
    })),
    connections: edges.map(({ id, source, target, sourceHandle }) => ({
      id,
      source,
      target,
      sourceHandle: sourceHandle ?? null,
    })),
  };
}

/** A comparable snapshot for the unsaved-changes warning. */
export const flowSnapshot = (nodes: EditorNode[], edges: EditorEdge[]) => JSON.stringify(toStoredFlow(nodes, edges));
