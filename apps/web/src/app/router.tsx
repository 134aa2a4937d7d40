import { type ReactNode, Suspense } from 'react';
import { Outlet, useRoutes } from 'react-router';
import { CenteredSpinner } from '../components/ui/centered-spinner.tsx';
import { AuthProvider } from '../features/auth/components/auth-provider.tsx';
import { PrivateRoute } from '../features/auth/components/private-route.tsx';
import { PublicOnlyRoute } from '../features/auth/components/public-only-route.tsx';
import { LoginPage } from '../features/auth/pages/login-page.tsx';
import { lazyThemed } from './lazy-themed.tsx';

// The shell, its pages, the socket, the query cache and Material load only after login.
const PrivateApp = lazyThemed(() => import('./private-app.tsx').then((module) => module.default));
// The signup and password pages stay out of the login page's JavaScript.
const SignupPage = lazyThemed(() =>
  import('../features/signup/pages/signup-page.tsx').then((module) => module.SignupPage),
);
const ForgotPasswordPage = lazyThemed(() =>
  import('../features/password-reset/pages/forgot-password-page.tsx').then((module) => module.ForgotPasswordPage),
);

const TwoFactorSetupPage = lazyThemed(() =>
  import('../features/auth/pages/two-factor-setup-page.tsx').then((module) => module.TwoFactorSetupPage),
);

function Root() {
  return (
    <AuthProvider>
      <Outlet />
    </AuthProvider>
  );
}

function PublicArea() {
  return (
    <PublicOnlyRoute>
      <Outlet />
    </PublicOnlyRoute>
  );
}

function LazyPage({ page }: { page: ReactNode }) {
  return <Suspense fallback={<CenteredSpinner fullScreen />}>{page}</Suspense>;
}

function PrivateArea() {
  return (
    <PrivateRoute>
      <Suspense fallback={<CenteredSpinner fullScreen />}>
        <PrivateApp />
      </Suspense>
    </PrivateRoute>
  );
}

export function AppRoutes() {
  return useRoutes([
    {
      element: <Root />,
      children: [
        {
          element: <PublicArea />,
          children: [
            { path: 'login', element: <LoginPage /> },
            { path: 'signup', element: <LazyPage page={<SignupPage />} /> },
            { path: 'forgetpsw', element: <LazyPage page={<ForgotPasswordPage />} /> },
            { path: '2fa-setup', element: <LazyPage page={<TwoFactorSetupPage />} /> },
          ],
        },
        // Every other path belongs to the private app, which routes it inside the shell.
        { path: '*', element: <PrivateArea /> },
      ],
    },
  ]);
}
