import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { scheduleStateText } from './schedule-state.ts';

type Texts = Record<string, unknown>;
const files = import.meta.glob<Texts>('../../../locales/*/{schedules,errors}.json', { eager: true, import: 'default' });
const texts = (lang: string, namespace: string) => files[`../../../locales/${lang}/${namespace}.json`];
const ptErrors = texts('pt', 'errors') as Record<string, string>;

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: 'pt',
    resources: Object.fromEntries(
      ['pt', 'en', 'es'].map((lang) => [lang, { schedules: texts(lang, 'schedules'), errors: texts(lang, 'errors') }]),
    ),
    interpolation: { escapeValue: false },
  });
});

describe('the state beside a schedule', () => {
  it('says nothing while pending, and that it waits for the connection once due', async () => {
    expect(scheduleStateText(i18n, { status: 'pending', errorCode: null })).toBeNull();
    expect(scheduleStateText(i18n, { status: 'waiting', errorCode: null })).toBe('Aguardando conexão');
    await i18n.changeLanguage('en');
    expect(scheduleStateText(i18n, { status: 'waiting', errorCode: null })).toBe('Waiting for connection');
    await i18n.changeLanguage('es');
    expect(scheduleStateText(i18n, { status: 'waiting', errorCode: null })).toBe('Esperando conexión');
    await i18n.changeLanguage('pt');
  });

  it('gives an error its reason, and a plain "error" for a code it cannot translate', () => {
    expect(scheduleStateText(i18n, { status: 'error', errorCode: 'ERR_WAPP_NOT_INITIALIZED' })).toBe(
      `Erro: ${ptErrors.ERR_WAPP_NOT_INITIALIZED}`,
    );
    expect(scheduleStateText(i18n, { status: 'error', errorCode: 'some provider text' })).toBe('Erro');
    expect(scheduleStateText(i18n, { status: 'sent', errorCode: null })).toBe('Enviada');
  });
});
