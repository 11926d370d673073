/** `/forgot-password`: sends a reset link, never saying whether the address has an account. */
import { validateEmail } from '@fit/shared/validation';
import Alert from '@mui/material/Alert';
import { type FormEvent, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { authErrorCode, authErrorMessage } from '../../data/auth.ts';
import { AuthError, AuthForm, useAuthForm } from './AuthForm.tsx';

/** What /login hands over: the email already typed there. */
export interface ForgotPasswordState {
  email?: string;
}

const RESET_SEND_FAILED = 'Failed to send the password reset email. Please try again.';
/** Said whether or not the address has an account: the page does not tell strangers who signed up. */
const resetEmailSent = (email: string) =>
  `If an account exists for ${email}, a link to reset its password is on its way. Check your inbox.`;
const NOT_REVEALED = new Set(['auth/user-not-found', 'auth/user-disabled']);

export function ForgotPasswordPage() {
  const handed = (useLocation().state as ForgotPasswordState | null)?.email;
  const form = useAuthForm(typeof handed === 'string' ? handed : '');
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setSentTo(null);
    const checked = validateEmail(form.email);
    if (!checked.ok) return setError({ message: checked.message, field: 'email' });
    form.setBusy(true);
    try {
      await form.gateway.sendPasswordReset(checked.value);
      setSentTo(checked.value);
    } catch (e) {
      // Without email enumeration protection the service says "no such user" (or "disabled"):
      // answered as a success, so the page never tells whether an account exists.
      if (NOT_REVEALED.has(authErrorCode(e) ?? '')) setSentTo(checked.value);
      else setError({ message: authErrorMessage(e, RESET_SEND_FAILED) ?? RESET_SEND_FAILED });
    } finally {
      form.setBusy(false);
    }
  }

  return (
    <AuthForm
      title="Reset your password"
      subtitle="We will email you a link to choose a new one."
      form={form}
      onSubmit={submit}
      messages={
        <>
          <AuthError message={error?.message} />
          {sentTo && <Alert severity="success">{resetEmailSent(sentTo)}</Alert>}
        </>
      }
      emailError={error?.field === 'email'}
      submitLabel="Send reset link"
      other={{ question: 'Remembered it?', label: 'Back to login', path: '/login' }}
    />
  );
}
