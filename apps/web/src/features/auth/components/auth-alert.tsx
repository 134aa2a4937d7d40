import type { ReactNode } from 'react';

// Material's outlined alert icons, inline: the login page carries no icon package.
const icons = {
  warning: 'M12 5.99 19.53 19H4.47zM12 2 1 21h22zm1 14h-2v2h2zm0-6h-2v4h2z',
  error:
    'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2M12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8',
};
const closePath =
  'M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z';

interface AuthAlertProps {
  severity: 'warning' | 'error';
  children: ReactNode;
  testId?: string;
  /** With a close button when given. */
  onClose?: () => void;
  closeLabel?: string;
  closeTestId?: string;
}

/** A notice above the login form, in plain HTML (auth.css). */
export function AuthAlert({ severity, children, testId, onClose, closeLabel, closeTestId }: AuthAlertProps) {
  return (
    <div role="alert" className={`auth-alert auth-alert--${severity}`} data-testid={testId}>
      <svg width="22" height="22" viewBox="0 0 24 24" fill="currentColor" aria-hidden>
        <path d={icons[severity]} />
      </svg>
      <div className="auth-alert__text">{children}</div>
      {onClose && (
        <button
          type="button"
          className="auth-icon-button"
          onClick={onClose}
          aria-label={closeLabel}
          title={closeLabel}
          data-testid={closeTestId}
        >
          <svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor" aria-hidden>
            <path d={closePath} />
          </svg>
        </button>
      )}
    </div>
  );
}
