import type { AppSocket } from './socket.ts';

type JoinEvent = 'joinTickets' | 'joinNotification' | 'joinChatBox';

// How many joins the server has not acknowledged yet, across the page.
let unanswered = 0;

/**
 * Shows on the page whether every room join has been answered (`data-realtime-joining` on the
 * root element while one is not): a browser test waits for it before doing what must reach the
 * page live, instead of guessing a delay.
 */
function showUnanswered() {
  if (unanswered > 0) document.documentElement.dataset.realtimeJoining = String(unanswered);
  else delete document.documentElement.dataset.realtimeJoining;
}

/** Emits a room join with an acknowledgement (given up after 10 s, as a lost answer would be). */
export function joinRoom(socket: AppSocket, event: JoinEvent, ...args: (string | number)[]): void {
  unanswered++;
  showUnanswered();
  const answered = () => {
    unanswered--;
    showUnanswered();
  };
  const timed = socket.timeout(10_000);
  if (event === 'joinNotification') timed.emit('joinNotification', answered);
  else if (event === 'joinTickets') timed.emit('joinTickets', String(args[0]), answered);
  else timed.emit('joinChatBox', args[0], answered);
}
