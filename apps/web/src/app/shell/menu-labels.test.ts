import { describe, expect, it } from 'vitest';
import en from '../../locales/en/shell.json';
import es from '../../locales/es/shell.json';
import pt from '../../locales/pt/shell.json';

describe('menu labels', () => {
  it.each([
    ['pt', pt],
    ['en', en],
    ['es', es],
  ])('are all different in %s (two items called "Settings" read as one)', (_, shell) => {
    const { connectionsWarning: _warning, version: _version, ...items } = shell.menu;
    const labels = Object.values(items).map((label) => label.toLowerCase());
    expect(labels.length).toBeGreaterThan(10);
    expect(labels.filter((label, index) => labels.indexOf(label) !== index)).toEqual([]);
  });
});
