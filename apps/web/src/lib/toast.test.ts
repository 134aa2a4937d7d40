import { describe, expect, it } from 'vitest';
import { dismissToast, getToasts, toast } from './toast.ts';

describe('toast store', () => {
  it('shows a repeated text once, as a new toast with its own countdown', () => {
    const first = toast.success('Fila criada.');
    const other = toast.info('Outra coisa');
    const again = toast.success('Fila criada.');

    expect(again).not.toBe(first);
    expect(getToasts().map((item) => [item.id, item.message])).toEqual([
      [other, 'Outra coisa'],
      [again, 'Fila criada.'],
    ]);

    dismissToast(first);
    expect(getToasts()).toHaveLength(2);
    dismissToast(again);
    dismissToast(other);
    expect(getToasts()).toHaveLength(0);
  });
});
