import { describe, expect, it } from 'vitest';
import { visibleSettingsTabs } from '../features/settings/model/settings-tab.ts';
import { settingsTabs } from './settings-tabs.tsx';

const ids = (isSuper: boolean, scheduleType: string) =>
  visibleSettingsTabs({ isSuper, settings: { scheduleType } }, settingsTabs).map((tab) => tab.id);

describe('settings tabs', () => {
  it('shows schedules only when scheduleType is company', () => {
    expect(ids(false, 'disabled')).toEqual(['options', 'deadLetters', 'webhooks', 'aiAssist', 'auditLog']);
    expect(ids(false, 'queue')).toEqual(['options', 'deadLetters', 'webhooks', 'aiAssist', 'auditLog']);
    expect(ids(false, 'company')).toEqual(['options', 'schedules', 'deadLetters', 'webhooks', 'aiAssist', 'auditLog']);
  });

  it('adds the super user tabs', () => {
    expect(ids(true, 'company')).toEqual([
      'options',
      'schedules',
      'deadLetters',
      'webhooks',
      'aiAssist',
      'auditLog',
      'companies',
      'plans',
      'helps',
    ]);
  });
});
