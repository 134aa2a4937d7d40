import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { TwoFactorEnrolment } from '../components/two-factor-enrolment.tsx';
import { TwoFactorSetupCard } from '../components/two-factor-setup-card.tsx';
import { useAuth } from '../hooks/use-auth.ts';
import { forgetSetupToken, readSetupToken } from '../model/two-factor-setup-token.ts';

/**
 * Where a sign-in goes when the company requires a second step the user has not set up: nothing
 * else opens until it is on (the token it holds opens only the set-up routes).
 */
export function TwoFactorSetupPage() {
  const { startSession } = useAuth();
  const navigate = useNavigate();
  const [setupToken] = useState(readSetupToken);
  if (!setupToken) return <Navigate to="/login" replace />;

  return (
    <TwoFactorSetupCard>
      <TwoFactorEnrolment
        setupToken={setupToken}
        onDone={(answer) => {
          forgetSetupToken();
          if (answer.session) {
            startSession(answer.session);
            navigate('/', { replace: true });
          } else navigate('/login', { replace: true });
        }}
      />
    </TwoFactorSetupCard>
  );
}
