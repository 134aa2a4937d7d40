import { describe, expect, it } from 'vitest';
import { isChoiceComplete, templatePlaceholders, templatePreview } from './template-choice.ts';

const template = {
  id: 1,
  whatsappId: 1,
  name: 'follow_up',
  language: 'pt_BR',
  category: 'UTILITY',
  status: 'APPROVED',
  headerText: 'Pedido {{1}}',
  headerFormat: null,
  bodyText: 'Olá {{1}}, seu atendimento {{2}} segue aberto. {{1}}, podemos ajudar?',
  footerText: 'Loja',
  buttons: [],
  variableCount: 3,
  sendable: true,
  syncedAt: '2026-12-03T00:00:00Z',
};

describe('a template choice', () => {
  it('asks for the header placeholders, then the body ones, each once', () => {
    expect(templatePlaceholders(template)).toEqual([
      { part: 'header', name: '1' },
      { part: 'body', name: '1' },
      { part: 'body', name: '2' },
    ]);
  });

  it('previews the values given, keeping the placeholders still blank', () => {
    expect(templatePreview(template, ['A-7', 'Ana', ''])).toEqual({
      header: 'Pedido A-7',
      body: 'Olá Ana, seu atendimento {{2}} segue aberto. Ana, podemos ajudar?',
      footer: 'Loja',
    });
  });

  it('is complete only with every value filled', () => {
    const choice = { name: 'follow_up', language: 'pt_BR', variables: ['A-7', 'Ana', ' '] };
    expect(isChoiceComplete(choice, template)).toBe(false);
    expect(isChoiceComplete({ ...choice, variables: ['A-7', 'Ana', '#12'] }, template)).toBe(true);
  });
});
