import type { Socket } from 'socket.io-client';
import { vi } from 'vitest';
import { paced, pastDeadline } from './machine-pace.ts';

/**
 * How long a test waits for something that must happen, on a quiet machine. Generous on purpose,
 * and stretched by the machine's measured slowness (machine-pace.ts): the deadline only ends a
 * wait whose condition would never come true. Nothing in the tests measures speed (the benchmarks do).
 */
export const EVENTUALLY_MS = 20_000;

/**
 * Asks `check` again every 25 ms until it answers something truthy, and returns that. The check
 * is evaluated anew each time (never a copy made once), so it sees what arrives while it waits.
 */
export async function waitUntil<T>(
  check: () => T | null | undefined | false | Promise<T | null | undefined | false>,
  ms = EVENTUALLY_MS,
  what: string | (() => string) = 'condition',
): Promise<T> {
  const startedAt = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (pastDeadline(startedAt, ms))
      throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * A moment one side of a test waits for and the other announces (a transaction holding its locks
 * until the test has set up what should meet them): `await reached` until someone calls `reach()`.
 */
export function milestone() {
  let reach = () => {};
  const reached = new Promise<void>((resolve) => {
    reach = resolve;
  });
  return { reach, reached };
}

/**
 * Emits one of the rooms' join events and resolves once the server has put the socket in its
 * rooms (the server acknowledges every join), with whether the join was allowed.
 */
export function joinRoom(
  socket: Socket,
  event: 'joinNotification' | 'joinTickets' | 'joinChatBox',
  ...args: unknown[]
): Promise<boolean> {
  return socket.timeout(paced(EVENTUALLY_MS)).emitWithAck(event, ...args);
}

/** `vi.waitFor` with the suite's deadline, paced, instead of its one-second default. */
export function expectEventually<T>(assertion: () => T | Promise<T>): Promise<T> {
  return vi.waitFor(assertion, { timeout: paced(EVENTUALLY_MS), interval: 20 });
}
