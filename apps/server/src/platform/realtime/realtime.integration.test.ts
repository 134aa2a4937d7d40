import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildUser, findUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { nextEvent, startTestServer, type TestServer, waitFor } from '../../../test/test-server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ USER_OFFLINE_AFTER_SECONDS: '1' });
});
afterAll(() => t.close());

async function loggedInUser(companyId: number, profile: 'admin' | 'user' = 'user') {
  const user = await buildUser(t.db, { companyId, profile });
  const { token } = await t.login(user.email, TEST_PASSWORD);
  return { user, token };
}

describe('socket handshake', () => {
  it('refuses a socket without a token', async () => {
    const socket = t.connectSocket(null);
    const error = (await waitFor(socket, 'connect_error')) as Error;
    expect(error.message).toBe('ERR_SESSION_EXPIRED');
  });

  it('refuses a forged token', async () => {
    const socket = t.connectSocket('forged.token.value');
    const error = (await waitFor(socket, 'connect_error')) as Error;
    expect(error.message).toBe('ERR_SESSION_EXPIRED');
  });

  it('accepts a valid token and says ready', async () => {
    const company = await buildCompany(t.db);
    const { token } = await loggedInUser(company.id);
    const socket = t.connectSocket(token);
    await nextEvent(socket, 'ready');
    expect(socket.connected).toBe(true);
  });
});

describe('tenancy of realtime events', () => {
  it("a user of company 2 receives none of company 1's events, whatever rooms it asks for", async () => {
    const companyOne = await buildCompany(t.db);
    const companyTwo = await buildCompany(t.db);
    const watcherOne = await loggedInUser(companyOne.id, 'admin');
    const intruder = await loggedInUser(companyTwo.id, 'admin');

    const ownSocket = t.connectSocket(watcherOne.token);
    const intruderSocket = t.connectSocket(intruder.token);
    await Promise.all([nextEvent(ownSocket, 'ready'), nextEvent(intruderSocket, 'ready')]);
    const received: string[] = [];
    intruderSocket.onAny((event: string) => received.push(event));

    // Everything a client can ask for; rooms are built from its own company, whatever it sends.
    intruderSocket.emit('joinNotification');
    intruderSocket.emit('joinTickets', 'open');
    intruderSocket.emit('joinTickets', 'pending');
    intruderSocket.emit('joinChatBox', 1);
    (intruderSocket as unknown as { emit: (event: string, ...args: unknown[]) => void }).emit(
      'join',
      `company:${companyOne.id}`,
    );

    // Company 1 events: a user comes online, a user logs in again, a setting changes.
    const ownUserEvent = nextEvent(ownSocket, `company-${companyOne.id}-user`);
    ownSocket.emit('userStatus');
    await ownUserEvent;
    const settingEvent = nextEvent(ownSocket, `company-${companyOne.id}-settings`);
    await t.as(watcherOne.token).put('/api/settings/call', { value: 'disabled' });
    await settingEvent;
    const other = await buildUser(t.db, { companyId: companyOne.id });
    await t.login(other.email, TEST_PASSWORD);

    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received.filter((event) => event.startsWith(`company-${companyOne.id}-`))).toEqual([]);
  });
});

describe('opened elsewhere', () => {
  it('tells the older session of a user who logs in again, and closes its socket', async () => {
    const company = await buildCompany(t.db);
    const first = await loggedInUser(company.id);
    const socket = t.connectSocket(first.token);
    await nextEvent(socket, 'ready');

    const notice = nextEvent(socket, `company-${company.id}-auth`);
    const disconnected = nextEvent(socket, 'disconnect');
    await t.login(first.user.email, TEST_PASSWORD);
    expect(await notice).toEqual({ action: 'update', user: { id: first.user.id } });
    await disconnected;
  });
});

describe('presence', () => {
  it('the heartbeat marks the user online and the job marks them offline when it stops', async () => {
    const company = await buildCompany(t.db);
    const { user, token } = await loggedInUser(company.id);
    const socket = t.connectSocket(token);
    await nextEvent(socket, 'ready');

    const online = nextEvent<{ action: string; user: { id: number; online: boolean } }>(
      socket,
      `company-${company.id}-user`,
    );
    socket.emit('userStatus');
    expect((await online).user).toMatchObject({ id: user.id, online: true });
    expect((await findUser(t.db, user.id)).online).toBe(true);

    // No more heartbeats: the delayed job (1 s here) marks the user offline.
    const offline = await nextEvent<{ user: { id: number; online: boolean } }>(
      socket,
      `company-${company.id}-user`,
      15_000,
    );
    expect(offline.user).toMatchObject({ id: user.id, online: false });
    expect((await findUser(t.db, user.id)).online).toBe(false);
  });
});
