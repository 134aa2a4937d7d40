import { describe, expect, it } from 'vitest';
import { withoutAutomaticLabel } from './system-message.ts';

describe('withoutAutomaticLabel', () => {
  it("drops the server's label from automatic messages only (the badge says it)", () => {
    const notice = '*Mensagem automática*:\nVocê foi transferido para o departamento *Vendas*';
    expect(withoutAutomaticLabel(notice, true)).toBe('Você foi transferido para o departamento *Vendas*');
    expect(withoutAutomaticLabel('*Automatic message*: You were transferred', true)).toBe('You were transferred');
    expect(withoutAutomaticLabel(notice, false)).toBe(notice);
    expect(withoutAutomaticLabel('Bom dia *Ana*', true)).toBe('Bom dia *Ana*');
  });
});
