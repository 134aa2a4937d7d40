import type { LoginAnswer, LoginBody, SessionUser } from '@wacrm/shared/auth/auth.schema';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { http } from '../../../lib/api.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { unsubscribeFromPush } from '../../../lib/service-worker.ts';
import { clearSession, readToken, saveSession } from '../../../lib/session-storage.ts';
import { authApi } from '../api/auth-api.ts';
import { AuthContext, type AuthValue } from '../hooks/use-auth.ts';
import { keepSessionEndNotice, noticeFromError } from '../model/session-end-notice.ts';

export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [user, setUser] = useState<SessionUser | null>(null);
  const [isLoading, setIsLoading] = useState(() => readToken() !== null);

  // The http client ends sessions (401, failed refresh); the router is known only here.
  useEffect(() => {
    http.setHandlers({
      onSessionEnded: (cause) => {
        // A company switched off or past due: the login page says so instead of a bare logout.
        const notice = noticeFromError(cause);
        if (notice) keepSessionEndNotice(notice);
        setUser(null);
        navigate('/login', { replace: true });
      },
      onTokenRefreshed: (answer) => setUser(answer.user),
      // A rule turned on since sign-in: the user as the server sees it now shows the set-up screen.
      onTwoFactorSetupRequired: () => {
        authApi
          .me()
          .then(setUser)
          .catch(() => undefined);
      },
    });
  }, [navigate]);

  useEffect(() => {
    if (!readToken()) return;
    let isCurrent = true;
    const load = () => {
      authApi
        .me()
        .then((me) => {
          if (isCurrent) setUser(me);
        })
        .catch((error: unknown) => {
          if (!isCurrent) return;
          // The installed app opened offline: the session is not over. It waits (the app's banner
          // says offline) and asks again once the connection is back, instead of showing the login.
          if (!isApiError(error) && !navigator.onLine) {
            window.addEventListener('online', load, { once: true });
            return 'waiting';
          }
          setUser(null);
        })
        .then((outcome) => {
          if (isCurrent && outcome !== 'waiting') setIsLoading(false);
        });
    };
    load();
    return () => {
      isCurrent = false;
      window.removeEventListener('online', load);
    };
  }, []);

  const startSession = useCallback((answer: LoginAnswer) => {
    saveSession({
      token: answer.token,
      companyId: answer.user.companyId,
      userId: answer.user.id,
      companyDueDate: answer.user.company.dueDate,
    });
    setUser(answer.user);
  }, []);

  const login = useCallback(
    async (body: LoginBody) => {
      const answer = await authApi.login(body);
      if ('user' in answer) startSession(answer);
      return answer;
    },
    [startSession],
  );

  const logout = useCallback(async () => {
    // The server call revokes the refresh cookie (and the session's push devices); the local
    // session ends whatever it answers. The browser stops its push subscription too.
    await Promise.all([authApi.logout().catch(() => null), unsubscribeFromPush().catch(() => null)]);
    clearSession();
    setUser(null);
    navigate('/login', { replace: true });
  }, [navigate]);

  const value = useMemo<AuthValue>(
    () => ({ user, isLoading, login, startSession, logout, setUser }),
    [user, isLoading, login, startSession, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
