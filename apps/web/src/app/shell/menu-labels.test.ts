import { describe, expect, it } from 'vitest';

type Shell = { menu: Record<string, string> };
const shells = import.meta.glob<Shell>('../../locales/*/shell.json', { eager: true, import: 'default' });

describe('menu labels', () => {
  it('are all different in every language (two items called "Settings" read as one)', () => {
    expect(Object.keys(shells)).toHaveLength(3);
    for (const [file, shell] of Object.entries(shells)) {
      const { connectionsWarning: _warning, version: _version, ...items } = shell.menu;
      const labels = Object.values(items).map((label) => label.toLowerCase());
      expect(labels.length).toBeGreaterThan(10);
      expect({ file, repeated: labels.filter((label, index) => labels.indexOf(label) !== index) }).toEqual({
        file,
        repeated: [],
      });
    }
  });
});
