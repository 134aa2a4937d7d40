// The method and path of each route in chat.contract.ts, for the web app: see `routeRefs`.
import { routeRefs } from '../common/route-path.ts';
import type * as contracts from './chat.contract.ts';

export const chatRoutes = routeRefs<typeof contracts.chatRoutes>({
  list: { method: 'GET', path: '/api/chats' },
  find: { method: 'GET', path: '/api/chats/:id' },
  create: { method: 'POST', path: '/api/chats' },
  update: { method: 'PUT', path: '/api/chats/:id' },
  remove: { method: 'DELETE', path: '/api/chats/:id' },
  messages: { method: 'GET', path: '/api/chats/:id/messages' },
  send: { method: 'POST', path: '/api/chats/:id/messages' },
  editMessage: { method: 'PUT', path: '/api/chats/:id/messages/:messageId' },
  deleteMessage: { method: 'DELETE', path: '/api/chats/:id/messages/:messageId' },
  markRead: { method: 'POST', path: '/api/chats/:id/read' },
});
