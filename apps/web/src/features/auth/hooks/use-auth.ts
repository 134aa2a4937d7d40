import type { LoginAnswer, LoginBody, SessionUser } from '@wacrm/shared/auth/auth.schema';
import type { LoginResult } from '@wacrm/shared/auth/two-factor.schema';
import { createContext, useContext } from 'react';

export interface AuthValue {
  user: SessionUser | null;
  /** True while the session of a stored token is being loaded. */
  isLoading: boolean;
  /** A session, or the second step the sign-in still needs (the session is then not started). */
  login: (body: LoginBody) => Promise<LoginResult>;
  /** Starts the session a completed sign-in answered (after the code, or after the set-up). */
  startSession: (answer: LoginAnswer) => void;
  logout: () => Promise<void>;
  /** Replaces the session user after the server answered a newer one (profile update, refresh). */
  setUser: (user: SessionUser) => void;
}

export const AuthContext = createContext<AuthValue | null>(null);

export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/** The logged-in user, for components that only render inside private routes. */
export function useSessionUser(): SessionUser {
  const { user } = useAuth();
  if (!user) throw new Error('useSessionUser needs a logged-in user');
  return user;
}
