import { describe, expect, it } from 'vitest';
import { insertAtSelection } from './insert-at-selection.ts';

describe('insertAtSelection', () => {
  it('inserts at the cursor and puts the cursor after the insert', () => {
    expect(insertAtSelection('Olá, !', 5, 5, '{{firstName}}')).toEqual({ text: 'Olá, {{firstName}}!', cursor: 18 });
  });

  it('replaces the selected text', () => {
    expect(insertAtSelection('Olá, NOME!', 5, 9, '{{name}}')).toEqual({ text: 'Olá, {{name}}!', cursor: 13 });
  });

  it('appends when the position is unknown', () => {
    expect(insertAtSelection('Protocolo ', null, null, '{{protocol}}')).toEqual({
      text: 'Protocolo {{protocol}}',
      cursor: 22,
    });
  });

  it('clamps positions outside the text', () => {
    expect(insertAtSelection('abc', 10, 20, 'X')).toEqual({ text: 'abcX', cursor: 4 });
    expect(insertAtSelection('abc', -3, 1, 'X')).toEqual({ text: 'Xbc', cursor: 1 });
    expect(insertAtSelection('abc', 2, 1, 'X')).toEqual({ text: 'abXc', cursor: 3 });
  });
});
