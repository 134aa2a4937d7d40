import type { SessionUser } from '@wacrm/shared/auth/auth.schema';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { buildSessionUser } from '../../features/auth/model/session-user-fixtures.ts';
import { greetingDueDate } from './greeting-due-date.ts';

// Each language's shell.json, as the app bundles them.
const files = import.meta.glob<Record<string, unknown>>('../../locales/*/shell.json', {
  eager: true,
  import: 'default',
});

async function translateIn(lng: 'pt' | 'en' | 'es') {
  const instance = i18next.createInstance();
  await instance.init({
    lng,
    resources: { [lng]: { shell: files[`../../locales/${lng}/shell.json`] } },
    defaultNS: 'shell',
    interpolation: { escapeValue: false },
  });
  return instance.t;
}

const company: SessionUser['company'] = {
  id: 3,
  name: 'Acme',
  dueDate: '2030-02-01',
  isTrial: false,
  billingOnly: false,
  settings: [],
};
const admin = (overrides: Partial<SessionUser['company']> = {}) =>
  buildSessionUser({ profile: 'admin', company: { ...company, ...overrides } });

describe('greetingDueDate', () => {
  it('tells a trial company when its trial ends, and a paying one when its subscription does', () => {
    expect(greetingDueDate(admin({ isTrial: true }))).toEqual({ key: 'topBar.trialEnds', date: '01/02/2030' });
    expect(greetingDueDate(admin())).toEqual({ key: 'topBar.subscriptionEnds', date: '01/02/2030' });
  });

  it('says nothing to attendants, nor without a due date', () => {
    expect(greetingDueDate(buildSessionUser({ company: { ...company, isTrial: true } }))).toBeNull();
    expect(greetingDueDate(admin({ dueDate: null }))).toBeNull();
  });

  it.each([
    ['pt', 'seu período de teste termina em 01/02/2030', 'sua assinatura vence em 01/02/2030'],
    ['en', 'your trial ends on 01/02/2030', 'your subscription expires on 01/02/2030'],
    ['es', 'su período de prueba termina el 01/02/2030', 'su suscripción vence el 01/02/2030'],
  ] as const)('reads in %s', async (lng, trial, subscription) => {
    const t = await translateIn(lng);
    const say = (notice: ReturnType<typeof greetingDueDate>) => t(notice!.key, { date: notice!.date });
    expect(say(greetingDueDate(admin({ isTrial: true })))).toBe(trial);
    expect(say(greetingDueDate(admin()))).toBe(subscription);
  });
});
