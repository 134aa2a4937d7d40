import { normalizeFlowPhrase, parseFlowGraph } from '@wacrm/shared';
import { describe, expect, it } from 'vitest';
import { contentBlocks, evaluateCondition, fillFlowVariables, menuChoice } from './flow-steps.ts';

describe('flow steps', () => {
  it('normalizes phrases: case, accents and spaces', () => {
    expect(normalizeFlowPhrase('  Promoção  de   NATAL ')).toBe('promocao de natal');
  });

  it.each([
    ['Maria', 'equals', ' maría ', true],
    ['Maria Souza', 'contains', 'SOUZA', true],
    ['Maria', 'startsWith', 'mar', true],
    ['18,5', 'greaterThan', '18', true],
    ['abc', 'greaterThan', '1', false],
    ['3', 'lessThan', '10', true],
    ['', 'isEmpty', '', true],
    [undefined, 'isEmpty', '', true],
    ['x', 'isEmpty', '', false],
  ] as const)('%s %s %s → %s', (actual, operator, expected, result) => {
    expect(evaluateCondition(actual, operator, expected)).toBe(result);
  });

  it('reads a menu choice only when it names an option', () => {
    const options = [{ number: 1 }, { number: 2 }];
    expect(menuChoice(' 2 ', options)).toBe(2);
    expect(menuChoice('[1]', options)).toBe(1);
    expect(menuChoice('3', options)).toBeNull();
    expect(menuChoice('one', options)).toBeNull();
  });

  it('fills only known answer keys', () => {
    expect(fillFlowVariables('Hi {{ who }}, {{name}}', { who: 'Ana' })).toBe('Hi Ana, {{name}}');
    const context = [
      ['who', 'context'],
      ['shop', 'Loja'],
      ['shop', 'second'],
    ] as const;
    expect(fillFlowVariables('{{who}} at {{shop}}, {{x}}', { who: 'Ana' }, context)).toBe('Ana at Loja, {{x}}');
  });

  it('orders content blocks by seq', () => {
    const elements = [
      { number: 'message0', type: 'message' as const, value: 'a' },
      { number: 'message1', type: 'message' as const, value: 'b' },
    ];
    expect(contentBlocks({ seq: ['message1', 'message0'], elements }).map((block) => block.value)).toEqual(['b', 'a']);
  });

  it('checks a graph: missing branches are errors, unreachable nodes warnings', () => {
    const nodes = [
      { id: '1', type: 'start', position: { x: 0, y: 0 }, data: {} },
      { id: 'r', type: 'randomizer', position: { x: 0, y: 0 }, data: { percent: 30 } },
      { id: 'm', type: 'message', position: { x: 0, y: 0 }, data: { label: 'x' } },
    ];
    const partial = parseFlowGraph(nodes, [
      { id: 'a', source: '1', target: 'r' },
      { id: 'b', source: 'r', target: 'm', sourceHandle: 'a' },
    ]);
    expect(partial.ok).toBe(false);
    if (!partial.ok)
      expect(partial.errors).toEqual([expect.objectContaining({ nodeId: 'r', code: 'missingEdge', field: 'b' })]);
    const lonely = parseFlowGraph([...nodes.slice(0, 1), nodes[2]], []);
    expect(lonely.ok).toBe(false);
    const ok = parseFlowGraph([nodes[0], nodes[2]], [{ id: 'a', source: '1', target: 'm' }]);
    expect(ok).toMatchObject({ ok: true, warnings: [] });
  });
});
