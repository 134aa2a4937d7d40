import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';

interface AuthFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'placeholder'> {
  label: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Shown under the field, in the error colour. */
  errorText?: string;
  /** At the field's right end, inside the box (the password's show button). */
  end?: ReactNode;
  testId?: string;
}

/** An outlined field in plain HTML (auth.css), for the login page. */
export function AuthField({ label, inputRef, errorText, end, testId, id, ...inputProps }: AuthFieldProps) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  return (
    <div>
      <div className={`auth-field${errorText ? ' auth-field--error' : ''}`}>
        {/* A blank placeholder: the label floats up while the field has a value (:placeholder-shown). */}
        <input
          {...inputProps}
          id={fieldId}
          ref={inputRef}
          className="auth-field__input"
          placeholder=" "
          aria-invalid={errorText ? true : undefined}
          aria-describedby={errorText ? `${fieldId}-error` : undefined}
          data-testid={testId}
        />
        <label htmlFor={fieldId} className="auth-field__label">
          {label}
        </label>
        {end && <div className="auth-field__end">{end}</div>}
      </div>
      {errorText && (
        <p id={`${fieldId}-error`} className="auth-field__help">
          {errorText}
        </p>
      )}
    </div>
  );
}
