// Internal chat: a message reaching every participant of a 50-person chat (issue 16).
import { performance } from 'node:perf_hooks';
import { percentile } from './figures.mjs';
import { connectSocket, login } from './server.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function call(base, token, method, path, body) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/**
 * The admin and `participants - 1` new users in one chat, each with a socket, plus one user of the
 * company outside the chat. `rounds` messages, each from a participant in turn; for each, the time
 * from sending the request to every participant's socket hearing `new-message`. The outsider must
 * hear nothing (counted as `leaked`).
 */
export async function measureChatFanOut({ base, adminToken, companyId, participants, rounds, password }) {
  const stamp = Date.now().toString(36);
  const tokens = [adminToken];
  const ids = [];
  for (let i = 1; i <= participants; i++) {
    const email = `bench-chat-${stamp}-${i}@bench.local`;
    const user = await call(base, adminToken, 'POST', '/api/users', {
      name: `Chat ${i}`,
      email,
      password,
      profile: 'user',
      queueIds: [],
    });
    if (i < participants) {
      ids.push(user.id);
      tokens.push(await login(base, email, password));
    } else {
      tokens.push(await login(base, email, password)); // the outsider, last
    }
  }
  const outsiderToken = tokens.pop();
  const chat = await call(base, adminToken, 'POST', '/api/chats', { title: `bench ${stamp}`, users: ids });
  const sockets = await Promise.all(tokens.map((token) => connectSocket(base, token)));
  const outsider = await connectSocket(base, outsiderToken);
  const event = `company-${companyId}-chat`;
  let leaked = 0;
  outsider.on(event, () => {
    leaked += 1;
  });
  const latencies = [];
  let missing = 0;
  try {
    for (let round = 0; round < rounds; round++) {
      const text = `bench chat ${round}`;
      let received = 0;
      let sentAt = 0;
      let done;
      const all = new Promise((resolve) => {
        done = resolve;
      });
      const handlers = sockets.map((socket) => {
        const handler = (payload) => {
          if (payload?.action !== 'new-message' || payload.newMessage?.message !== text) return;
          latencies.push(performance.now() - sentAt);
          received += 1;
          if (received === sockets.length) done();
        };
        socket.on(event, handler);
        return handler;
      });
      sentAt = performance.now();
      await call(base, tokens[round % tokens.length], 'POST', `/api/chats/${chat.id}/messages`, { message: text });
      await Promise.race([all, sleep(5_000)]);
      missing += sockets.length - received;
      sockets.forEach((socket, index) => {
        socket.off(event, handlers[index]);
      });
      await sleep(100);
    }
  } finally {
    for (const socket of [...sockets, outsider]) socket.close();
  }
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), missing, leaked, sockets: sockets.length };
}
