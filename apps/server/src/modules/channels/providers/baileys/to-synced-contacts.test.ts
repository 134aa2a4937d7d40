import { describe, expect, it } from 'vitest';
import { importNameOf, lidsWithoutPhone, toSyncedContacts } from './to-synced-contacts.ts';

const none = { phoneOfLid: new Map<string, string>() };
const only = (name: Partial<Record<'name' | 'notify' | 'verifiedName', string>>) => ({
  name: null,
  notify: null,
  verifiedName: null,
  ...name,
});

describe('toSyncedContacts', () => {
  it.each([
    ['a person', { id: '5511977770001@s.whatsapp.net', name: 'Ana' }, '5511977770001@s.whatsapp.net'],
    ['a person on a device', { id: '5511977770001:12@s.whatsapp.net', notify: 'Ana' }, '5511977770001@s.whatsapp.net'],
    [
      'a LID with its number',
      { id: '1122@lid', phoneNumber: '5511977770005:3@s.whatsapp.net' },
      '5511977770005@s.whatsapp.net',
    ],
  ])('keeps %s by its phone-number jid', (_what, contact, jid) => {
    expect(toSyncedContacts([contact], none).map((write) => write.jid)).toEqual([jid]);
  });

  it.each([
    ['a group', '120363041234567890@g.us'],
    ['the status broadcast', 'status@broadcast'],
    ['a broadcast list', '1234567890@broadcast'],
    ['a newsletter', '120363999999999999@newsletter'],
    ['the PSA account', '0@c.us'],
    ['no id', ''],
  ])('leaves out %s', (_what, id) => {
    expect(toSyncedContacts([{ id, name: 'X' }], none)).toEqual([]);
  });

  it('resolves a LID through the known mapping, else keeps it keyed by the LID alone', () => {
    const phoneOfLid = new Map([['1122@lid', '5511977770006@s.whatsapp.net']]);
    expect(
      toSyncedContacts(
        [
          { id: '1122@lid', name: 'Fábio' },
          { id: '3344@lid', notify: 'Ghost' },
        ],
        { phoneOfLid },
      ),
    ).toEqual([
      { jid: '5511977770006@s.whatsapp.net', lid: '1122@lid', ...only({ name: 'Fábio' }) },
      { jid: null, lid: '3344@lid', ...only({ notify: 'Ghost' }) },
    ]);
    expect(
      lidsWithoutPhone([{ id: '1122@lid' }, { id: '3344@lid', phoneNumber: '5511977770001@s.whatsapp.net' }]),
    ).toEqual(['1122@lid']);
  });

  it('merges repeats of one person, the later field winning, and leaves out our own number', () => {
    const writes = toSyncedContacts(
      [
        { id: '5511977770001@s.whatsapp.net', name: 'Ana', notify: 'Aninha' },
        { id: '5511977770001@s.whatsapp.net', name: 'Ana Souza', lid: '9988@lid' },
        { id: '5511999990000@s.whatsapp.net', notify: 'Loja' },
      ],
      { ...none, ownJid: '5511999990000:12@s.whatsapp.net' },
    );
    expect(writes).toEqual([
      { jid: '5511977770001@s.whatsapp.net', lid: '9988@lid', ...only({ name: 'Ana Souza', notify: 'Aninha' }) },
    ]);
  });

  it('trims names, drops empty ones and cuts long ones', () => {
    const [write] = toSyncedContacts(
      [{ id: '5511977770001@s.whatsapp.net', name: '  ', notify: `  ${'x'.repeat(300)} ` }],
      none,
    );
    expect(write.name).toBeNull();
    expect(write.notify).toHaveLength(200);
  });
});

describe('importNameOf', () => {
  it('prefers the address book, then the push name, then the verified name', () => {
    expect(importNameOf(only({ name: 'Ana', notify: 'Aninha', verifiedName: 'Loja' }))).toBe('Ana');
    expect(importNameOf(only({ notify: 'Aninha', verifiedName: 'Loja' }))).toBe('Aninha');
    expect(importNameOf(only({ verifiedName: 'Loja' }))).toBe('Loja');
    expect(importNameOf(only({}))).toBe('');
  });
});
