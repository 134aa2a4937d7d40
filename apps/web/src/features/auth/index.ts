// What other features use of auth: the signed-in user, the session, and the public pages' frame.
export { authApi } from './api/auth-api.ts';
export { AuthLayout } from './components/auth-layout.tsx';
export { useAuth, useSessionUser } from './hooks/use-auth.ts';
export { bannerDaysLeft } from './model/days-left.ts';
