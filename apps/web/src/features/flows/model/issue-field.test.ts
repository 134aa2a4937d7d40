import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';

import { issueFieldLabel } from './issue-field.ts';

type Flows = { issues: { fields: Record<string, string> } };
const en = Object.values(
  import.meta.glob<Flows>('../../../locales/en/flows.json', { eager: true, import: 'default' }),
)[0];

// The English catalogue's issue fields, read as i18next would (interpolation and defaultValue).
const t = ((key: string, options: { number?: number; defaultValue?: string } = {}) => {
  const name = key.replace('issues.fields.', '');
  const text = en.issues.fields[name];
  return text === undefined ? (options.defaultValue ?? key) : text.replace('{{number}}', String(options.number));
}) as unknown as TFunction;

describe('issueFieldLabel', () => {
  it('says a flow issue field in words, and hides internal paths it has no words for', () => {
    expect(issueFieldLabel(t, 'arrayOption.0')).toBe('option 1');
    expect(issueFieldLabel(t, 'arrayOption.2.value')).toBe('option 3');
    expect(issueFieldLabel(t, 'true')).toBe("the 'yes' branch");
    expect(issueFieldLabel(t, 'sec')).toBe('seconds');
    expect(issueFieldLabel(t, 'typebotIntegration.answerKey.length')).toBeNull();
    expect(issueFieldLabel(t, undefined)).toBeNull();
  });
});
