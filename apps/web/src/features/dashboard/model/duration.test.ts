import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { type DurationTranslate, formatMinutes } from './duration.ts';

// Each language's dashboard.json, as the app bundles them.
const files = import.meta.glob<Record<string, unknown>>('../../../locales/*/dashboard.json', {
  eager: true,
  import: 'default',
});
const dashboardIn = (lng: string) => files[`../../../locales/${lng}/dashboard.json`];

async function translateIn(lng: 'pt' | 'en' | 'es'): Promise<DurationTranslate> {
  const instance = i18next.createInstance();
  await instance.init({
    lng,
    resources: { [lng]: { dashboard: dashboardIn(lng) } },
    defaultNS: 'dashboard',
    interpolation: { escapeValue: false },
  });
  return (key, values) => instance.t(key, values);
}

describe('formatMinutes', () => {
  it.each([
    ['en', ['0m', '6s', '12m 30s', '45m', '1h 05m', '26h 40m']],
    ['pt', ['0 min', '6 s', '12 min 30 s', '45 min', '1 h 05 min', '26 h 40 min']],
    ['es', ['0 min', '6 s', '12 min 30 s', '45 min', '1 h 05 min', '26 h 40 min']],
  ] as const)('writes minutes with the units of %s', async (language, expected) => {
    const t = await translateIn(language);
    // A number and its unit never part (no-break space); groups may wrap.
    const written = [0, 0.1, 12.5, 45, 65.2, 1600].map((minutes) => formatMinutes(minutes, t).replace(/\u00a0/g, '~'));
    expect(written).toEqual(expected.map((text) => text.replace(/(\d) (min|s|h)\b/g, '$1~$2')));
  });

  it('rounds to the second and pads what follows the larger unit', async () => {
    const t = await translateIn('en');
    expect(formatMinutes(3.01, t)).toBe('3m 01s');
    expect(formatMinutes(59.999, t)).toBe('1h 00m');
    expect(formatMinutes(1.1, t)).toBe('1m 06s');
  });
});
