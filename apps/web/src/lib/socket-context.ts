import type { ServerToClientEvents } from '@wacrm/shared/realtime/events';
import { createContext, useContext, useEffect, useRef } from 'react';
import type { AppSocket } from './socket.ts';

export const SocketContext = createContext<AppSocket | null>(null);

/** The session's socket, or null while there is none (logged out, or being recreated). */
export const useSocket = () => useContext(SocketContext);

type EventName = keyof ServerToClientEvents;

/**
 * Listens to one server event while the component is mounted. The handler may change on
 * every render without re-subscribing. Pass null as the name to listen to nothing.
 */
export function useSocketEvent<E extends EventName>(event: E | null, handler: ServerToClientEvents[E]): void {
  const socket = useSocket();
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(() => {
    if (!socket || !event) return;
    const listener = (...args: unknown[]) => (handlerRef.current as (...values: unknown[]) => void)(...args);
    // Socket.IO's typed `on` cannot follow a generic event name; the map above keeps callers typed.
    socket.on(event as 'ready', listener as () => void);
    return () => {
      socket.off(event as 'ready', listener as () => void);
    };
  }, [socket, event]);
}

/**
 * Runs `reload` each time the socket connects while the component is mounted (a late first
 * connection or a reconnection): events sent while it was away are not replayed, so a page that
 * follows something live reads it again.
 */
export function useReloadOnConnect(reload: () => void): void {
  const socket = useSocket();
  const reloadRef = useRef(reload);
  useEffect(() => {
    reloadRef.current = reload;
  });
  useEffect(() => {
    if (!socket) return;
    const listener = () => reloadRef.current();
    socket.on('connect', listener);
    return () => {
      socket.off('connect', listener);
    };
  }, [socket]);
}
