/** The sign-in forms' shared state and frame: messages, email, the page's fields, submit, a link across. */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { useAuthGateway, useBackendLoader } from '../../data/context.tsx';
import { safeNextPath, withNext } from '../../data/post-login.ts';
import { AuthShell } from './AuthShell.tsx';

export function useAuthForm(initialEmail = '') {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  return {
    gateway: useAuthGateway(),
    loadBackend: useBackendLoader(),
    navigate: useNavigate(),
    // The page asked for before sign-in (see post-login.ts) travels on through both pages.
    next: safeNextPath(useSearchParams()[0].get('next')),
    email,
    setEmail,
    password,
    setPassword,
    busy,
    setBusy,
  };
}

export function AuthForm(props: {
  title: string;
  subtitle: string;
  form: ReturnType<typeof useAuthForm>;
  onSubmit: (event: FormEvent) => void;
  /** The error, and any notice, above the fields. */
  messages: ReactNode;
  emailError?: boolean;
  /** The page's fields after the email. */
  children?: ReactNode;
  submitLabel: string;
  /** Below the submit button (Login: Google sign-in). */
  after?: ReactNode;
  /** The link over to the other page. */
  other: { question: string; label: string; path: string };
}) {
  const { form } = props;
  return (
    <AuthShell title={props.title} subtitle={props.subtitle}>
      <Stack component="form" spacing={2.25} onSubmit={props.onSubmit} noValidate>
        {props.messages}
        <TextField
          label="Email"
          type="email"
          onFocus={() => form.gateway.preload?.()}
          autoComplete="email"
          required
          error={props.emailError ?? false}
          value={form.email}
          onChange={(e) => form.setEmail(e.target.value)}
        />
        {props.children}
        <Button type="submit" variant="contained" size="large" disabled={form.busy}>
          {props.submitLabel}
        </Button>
        {props.after}
        <Typography variant="body2" color="textSecondary" sx={{ textAlign: 'center', pt: 1 }}>
          {props.other.question}{' '}
          <Link component={RouterLink} to={withNext(props.other.path, form.next)} sx={{ fontWeight: 600 }}>
            {props.other.label}
          </Link>
        </Typography>
      </Stack>
    </AuthShell>
  );
}

/** The error above an auth form's fields. */
export function AuthError(props: { message: string | null | undefined }) {
  return props.message ? <Alert severity="error">{props.message}</Alert> : null;
}
