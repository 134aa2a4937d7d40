import { USER_STATUS_HEARTBEAT_MS } from '@wacrm/shared/common/constants';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useAuth } from '../features/auth/hooks/use-auth.ts';
import { http } from '../lib/api.ts';
import { readToken } from '../lib/session-storage.ts';
import { type AppSocket, createSocket, isTokenRefused } from '../lib/socket.ts';
import { SocketContext } from '../lib/socket-context.ts';

// A refused token right after a refresh means the session itself is gone: stop instead of looping.
const MIN_MS_BETWEEN_REFRESHES = 10_000;

/** One socket per session: recreated when the user or the company changes. */
export function SocketProvider({ children }: { children: ReactNode }) {
  const { user, logout } = useAuth();
  const userId = user?.id;
  const companyId = user?.companyId;
  const [socket, setSocket] = useState<AppSocket | null>(null);
  // Read through a ref: `logout` changes identity on every navigation (it closes over the router's
  // navigate), and the socket must not be dropped and reopened each time the page changes.
  const logoutRef = useRef(logout);
  useEffect(() => {
    logoutRef.current = logout;
  });

  useEffect(() => {
    const token = readToken();
    if (!userId || !companyId || !token) return;
    const next = createSocket(token);
    let lastRefreshAt = 0;

    const sendStatus = () => next.emit('userStatus');
    next.on('connect', sendStatus);
    // Says on the page whether realtime is live (the server has put the socket in its rooms when
    // it connects), so a browser test waits for that instead of guessing a delay.
    const markRealtime = (state: 'connected' | 'disconnected') => {
      document.documentElement.dataset.realtime = state;
    };
    next.on('connect', () => markRealtime('connected'));
    next.on('disconnect', () => markRealtime('disconnected'));
    // Reconnections (server restart, network drop) must carry the latest token, not the first one.
    next.io.on('reconnect_attempt', () => {
      next.io.opts.query = { token: readToken() ?? '' };
    });
    next.on('connect_error', async (error) => {
      // Other errors are retried by Socket.IO itself; a refused token is not.
      if (!isTokenRefused(error)) return;
      if (Date.now() - lastRefreshAt < MIN_MS_BETWEEN_REFRESHES) return void logoutRef.current();
      lastRefreshAt = Date.now();
      try {
        const fresh = await http.refreshAccessToken();
        next.io.opts.query = { token: fresh };
        next.connect();
      } catch {
        // The http client has already cleared the session and gone to /login.
      }
    });
    const heartbeat = setInterval(() => {
      if (next.connected) sendStatus();
    }, USER_STATUS_HEARTBEAT_MS);

    next.connect();
    setSocket(next);
    return () => {
      clearInterval(heartbeat);
      next.removeAllListeners();
      next.io.removeAllListeners();
      next.disconnect();
      delete document.documentElement.dataset.realtime;
      setSocket(null);
    };
  }, [userId, companyId]);

  return <SocketContext.Provider value={socket}>{children}</SocketContext.Provider>;
}
