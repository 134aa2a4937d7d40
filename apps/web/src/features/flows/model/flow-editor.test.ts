import { describe, expect, it } from 'vitest';
import { addNode, deleteNode, duplicateNode, newNodeId, startNode, toStoredFlow } from './flow-editor.ts';

describe('flow editor model', () => {
  it('makes 30-character alphanumeric ids', () => {
    expect(newNodeId()).toMatch(/^[A-Za-z0-9]{30}$/);
  });

  it('adds to the right of the last node and duplicates 240 px right of the rightmost', () => {
    let nodes = addNode([startNode()], 'message', { label: 'hi' }, 'm1');
    expect(nodes[1].position).toEqual({ x: 80 + 220 + 40, y: 160 });
    nodes = duplicateNode(nodes, 'm1', 'm2');
    expect(nodes[2]).toMatchObject({
      id: 'm2',
      position: { x: 340 + 240, y: 160 },
      data: { label: 'hi' },
      selected: false,
    });
    expect(duplicateNode(nodes, '1')).toBe(nodes);
  });

  it('deletes a node with every connection touching it, never the start', () => {
    const nodes = addNode(addNode([startNode()], 'message', {}, 'a'), 'message', {}, 'b');
    const edges = [
      { id: 'e1', source: '1', target: 'a' },
      { id: 'e2', source: 'a', target: 'b' },
    ];
    const after = deleteNode(nodes, edges, 'a');
    expect(after.nodes.map((node) => node.id)).toEqual(['1', 'b']);
    expect(after.edges).toEqual([]);
    expect(deleteNode(nodes, edges, '1').nodes).toHaveLength(3);
  });

  it('stores only the contract fields', () => {
    const stored = toStoredFlow([{ ...startNode(), selected: true }], [{ id: 'e', source: '1', target: 'x' }]);
    expect(stored).toEqual({
      nodes: [{ id: '1', type: 'start', position: { x: 80, y: 160 }, data: { label: 'Inicio do fluxo' } }],
      connections: [{ id: 'e', source: '1', target: 'x', sourceHandle: null }],
    });
  });
});
