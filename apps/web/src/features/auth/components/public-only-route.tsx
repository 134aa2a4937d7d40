import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { CenteredSpinner } from '../../../components/ui/centered-spinner.tsx';
import { useAuth } from '../hooks/use-auth.ts';

/** spec: a logged-in user visiting /login, /signup or /forgetpsw is sent to /. */
export function PublicOnlyRoute({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth();
  if (isLoading) return <CenteredSpinner fullScreen />;
  if (user) return <Navigate to="/" replace />;
  return children;
}
