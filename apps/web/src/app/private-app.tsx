import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { useAuthEventNotices } from '../features/auth/hooks/use-auth-event-notices.ts';
import { useSessionUserUpdates } from '../features/auth/hooks/use-session-user-updates.ts';
import { isApiError } from '../lib/api-error.ts';
import { PrivateRoutes } from './private-routes.tsx';
import { AppShell } from './shell/app-shell.tsx';
import { SocketProvider } from './socket-provider.tsx';

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        // Client errors will not change on a retry; server hiccups might.
        retry: (failureCount, error) => failureCount < 2 && (!isApiError(error) || error.status >= 500),
      },
    },
  });
}

function SessionListeners() {
  useAuthEventNotices();
  useSessionUserUpdates();
  return null;
}

/**
 * Everything behind the login, loaded as its own chunk so the login page stays small.
 * The query cache and the socket live and die with the session.
 */
export default function PrivateApp() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SocketProvider>
        <SessionListeners />
        <AppShell>
          <PrivateRoutes />
        </AppShell>
      </SocketProvider>
    </QueryClientProvider>
  );
}
