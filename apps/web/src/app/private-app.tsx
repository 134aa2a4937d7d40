import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { useSessionUser } from '../features/auth/hooks/use-auth.ts';
import { useAuthEventNotices } from '../features/auth/hooks/use-auth-event-notices.ts';
import { useSessionUserUpdates } from '../features/auth/hooks/use-session-user-updates.ts';
import { TwoFactorRequiredPage } from '../features/auth/pages/two-factor-required-page.tsx';
import { isApiError } from '../lib/api-error.ts';
import { BillingOnlyRoutes, PrivateRoutes } from './private-routes.tsx';
import { AppShell } from './shell/app-shell.tsx';
import { BillingOnlyShell } from './shell/billing-only-shell.tsx';
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
 * The whole product; only the two-step set-up while a rule waits for it; or only billing for an
 * expired company's admin until a payment is confirmed.
 */
function Screens() {
  const user = useSessionUser();
  if (user.twoFactorSetupPending) return <TwoFactorRequiredPage />;
  if (user.company.billingOnly) {
    return (
      <BillingOnlyShell>
        <BillingOnlyRoutes />
      </BillingOnlyShell>
    );
  }
  return (
    <AppShell>
      <PrivateRoutes />
    </AppShell>
  );
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
        <Screens />
      </SocketProvider>
    </QueryClientProvider>
  );
}
