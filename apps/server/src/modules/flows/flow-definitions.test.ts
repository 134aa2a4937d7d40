import { describe, expect, it } from 'vitest';
import { createFlowDefinitions } from './flow-definitions.ts';
import type { FlowRow } from './flows.repository.ts';

const flowOf = (id: number, companyId: number, name: string) => ({ id, companyId, name }) as FlowRow;

describe('flow definitions kept per process', () => {
  it('reads a flow once, never answers it to another company, and reads it again once forgotten', async () => {
    const stored = new Map([[7, flowOf(7, 1, 'Vendas')]]);
    const reads: number[] = [];
    const definitions = createFlowDefinitions({
      findFlowById: async (id) => {
        reads.push(id);
        return stored.get(id) ?? null;
      },
    });

    expect((await definitions.find(1, 7))?.name).toBe('Vendas');
    expect((await definitions.find(1, 7))?.name).toBe('Vendas');
    expect(await definitions.find(2, 7)).toBeNull();
    expect(reads).toEqual([7]);

    stored.set(7, flowOf(7, 1, 'Vendas 2'));
    definitions.forget(7);
    expect((await definitions.find(1, 7))?.name).toBe('Vendas 2');
    expect(await definitions.find(1, 8)).toBeNull();
    expect(reads).toEqual([7, 7, 8]);
  });
});
