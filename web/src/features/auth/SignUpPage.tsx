/** `/signup`: creates the account and its profile, sends the verification email, goes to /verify-email. */
import { INLINE_SIGN_UP } from '@fit/shared/messages';
import { validateSignUp } from '@fit/shared/validation';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { authErrorMessage } from '../../data/auth.ts';
import { withNext } from '../../data/post-login.ts';
import { createSignUpProfile } from '../../data/profile.ts';
import { AuthError, AuthForm, useAuthForm } from './AuthForm.tsx';

export function SignUpPage() {
  const form = useAuthForm();
  const { gateway, loadBackend, navigate, next, email, password, setBusy } = form;
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<{ message: string; field?: string | undefined } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const checked = validateSignUp({ email, password, confirmPassword });
    if (!checked.ok) return setError({ message: checked.message, field: checked.field });
    setBusy(true);
    const user = await gateway.signUp(checked.value.email, checked.value.password).catch((e: unknown) => {
      setError({ message: authErrorMessage(e, INLINE_SIGN_UP) ?? INLINE_SIGN_UP });
      setBusy(false);
    });
    if (!user) return;
    // The account exists now. The profile is completed on /account and the email can be resent
    // from /verify-email, so a hiccup in either step below does not stop the person here.
    try {
      const { store } = await loadBackend(user.uid);
      await createSignUpProfile(store, user, Date.now());
    } catch (e) {
      console.error('Could not create the profile at sign-up', e);
    }
    try {
      await gateway.sendVerificationEmail();
    } catch (e) {
      console.error('Could not send the verification email', e);
    }
    navigate(withNext('/verify-email', next), { replace: true });
  }

  const fieldError = (field: string) => error?.field === field;

  return (
    <AuthForm
      title="Create your account"
      subtitle="Start tracking in under a minute."
      form={form}
      onSubmit={submit}
      messages={<AuthError message={error?.message} />}
      emailError={fieldError('email')}
      submitLabel="Sign Up"
      other={{ question: 'Already have an account?', label: 'Log in', path: '/login' }}
    >
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        error={fieldError('password')}
        helperText="At least 6 characters."
        value={password}
        onChange={(e) => form.setPassword(e.target.value)}
      />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        required
        error={fieldError('confirmPassword')}
        value={confirmPassword}
        onChange={(e) => setConfirmPassword(e.target.value)}
      />
    </AuthForm>
  );
}
