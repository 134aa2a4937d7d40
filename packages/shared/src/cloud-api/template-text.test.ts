import { describe, expect, it } from 'vitest';
import { fillTemplatePlaceholders, templatePlaceholdersOf } from './template-text.ts';

describe('template placeholders', () => {
  it('lists each distinct placeholder once, in the order it first appears, positional or named', () => {
    expect(templatePlaceholdersOf('Hi {{2}}, order {{1}} for {{ 2 }}')).toEqual(['2', '1']);
    expect(templatePlaceholdersOf('Hello {{first_name}}')).toEqual(['first_name']);
    expect(templatePlaceholdersOf(null)).toEqual([]);
  });

  it('fills each placeholder with the value at its place and keeps those left blank', () => {
    expect(fillTemplatePlaceholders('Hi {{2}}, order {{1}} for {{2}}', ['Ana', '42'])).toBe('Hi Ana, order 42 for Ana');
    expect(fillTemplatePlaceholders('Order {{1}} on {{2}}', ['42', '  '])).toBe('Order 42 on {{2}}');
  });
});
