import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { CenteredSpinner } from '../../../components/ui/centered-spinner.tsx';
import { useAuth } from '../hooks/use-auth.ts';

/** spec: unauthenticated users on a private route go to /login. */
export function PrivateRoute({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth();
  const location = useLocation();
  if (isLoading) return <CenteredSpinner fullScreen />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return children;
}
