import { describe, expect, it } from 'vitest';
import { connectionFieldError } from './connection-errors.ts';

const t = (key: string) => `<${key}>`;

describe('connectionFieldError', () => {
  it.each([
    ['name', 'Already in use', '<connections:fieldErrors.nameInUse>'],
    ['token', 'Already in use', '<connections:fieldErrors.tokenInUse>'],
    ['provider', 'The sandbox is disabled on this server', '<connections:fieldErrors.sandboxDisabled>'],
    ['queueIds', 'Unknown queue', '<connections:fieldErrors.unknownQueue>'],
    ['transferQueueId', 'Unknown queue', '<connections:fieldErrors.unknownQueue>'],
  ])('translates %s: %s', (field, message, expected) => {
    expect(connectionFieldError(field, message, t)).toBe(expected);
  });

  it('passes other messages through the shared validation texts', () => {
    expect(connectionFieldError('name', 'Something new', t)).toBe('Something new');
  });
});
