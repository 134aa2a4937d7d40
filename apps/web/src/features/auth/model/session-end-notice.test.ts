import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../../lib/session-storage.ts';
import {
  forgetSessionEndNotice,
  keepSessionEndNotice,
  readSessionEndNotice,
  reloadWithSessionEndNotice,
  type SessionEndNotice,
} from './session-end-notice.ts';

const switchedOff: SessionEndNotice = { reason: 'ERR_COMPANY_INACTIVE', dueDate: null };

describe('the notice of a session the server ended', () => {
  it('is read back once kept, and gone once a login page has shown it', () => {
    const storage = createMemoryStorage();
    keepSessionEndNotice(switchedOff, storage);
    expect(readSessionEndNotice(storage)).toEqual(switchedOff);
    forgetSessionEndNotice(storage);
    expect(readSessionEndNotice(storage)).toBeNull();
  });

  it('ignores what is not a notice', () => {
    const storage = createMemoryStorage();
    storage.setItem('sessionEndNotice', JSON.stringify({ reason: 'ERR_SOMETHING_ELSE' }));
    expect(readSessionEndNotice(storage)).toBeNull();
    storage.setItem('sessionEndNotice', '{not json');
    expect(readSessionEndNotice(storage)).toBeNull();
  });

  // Last: the document that asked for the reload keeps its notice for the page after it.
  it('stays for the page after the reload when a login page of the leaving document shows it first', () => {
    const storage = createMemoryStorage();
    let reloads = 0;
    reloadWithSessionEndNotice(switchedOff, storage, () => reloads++);
    expect(reloads).toBe(1);
    forgetSessionEndNotice(storage);
    expect(readSessionEndNotice(storage)).toEqual(switchedOff);
  });
});
