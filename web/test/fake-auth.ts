/**
 * An in-memory `AuthGateway` for component tests: accounts with passwords, email verification,
 * a scripted Google popup, and failures injected by Firebase error code.
 */
import type { AuthGateway, AuthUser, GoogleSignIn } from '../src/data/auth.ts';

type Method = Exclude<keyof AuthGateway, 'subscribe' | 'preload'>;

export function authError(code: string, message = code): Error {
  return Object.assign(new Error(`Firebase: Error (${message}).`), { code });
}

interface Account {
  password: string | null;
  user: AuthUser;
}

export class FakeAuth implements AuthGateway {
  readonly accounts = new Map<string, Account>();
  current: AuthUser | null = null;
  googleResult: GoogleSignIn | null = null;
  verificationEmails = 0;
  reloads = 0;
  /** How far this device's clock runs ahead of the server's (ms). */
  clockOffsetMs = 0;
  /** The reset links "sent": code -> email, until used. */
  readonly resetCodes = new Map<string, string>();
  resetEmails: string[] = [];
  reauthentications: (string | null)[] = [];
  private readonly failures = new Map<Method, Error[]>();
  private readonly listeners = new Set<(user: AuthUser | null) => void>();
  private nextUid = 1;

  /** Adds an account; `signedIn` makes it the current session. */
  addUser(
    email: string,
    options: {
      password?: string;
      verified?: boolean;
      signedIn?: boolean;
      uid?: string;
      providers?: string[];
    } = {},
  ): AuthUser {
    const user: AuthUser = {
      uid: options.uid ?? `uid${this.nextUid++}`,
      email,
      emailVerified: options.verified ?? true,
      providerIds: options.providers ?? ['password'],
    };
    this.accounts.set(email, { password: options.password ?? 'secret123', user });
    if (options.signedIn) this.current = { ...user };
    return user;
  }

  /** The person clicked the link in the verification email. */
  verify(email: string) {
    const account = this.accounts.get(email);
    if (account) account.user = { ...account.user, emailVerified: true };
  }

  /** The next call of `method` fails with this Firebase error code. */
  failNext(method: Method, code: string, message?: string) {
    const list = this.failures.get(method) ?? [];
    list.push(authError(code, message));
    this.failures.set(method, list);
  }

  private check(method: Method) {
    const error = this.failures.get(method)?.shift();
    if (error) throw error;
  }

  private publish(user: AuthUser | null) {
    this.current = user ? { ...user } : null;
    for (const listener of this.listeners) listener(this.current);
  }

  /** Until this settles, a new subscriber waits for the saved session (the SDK's start-up check). */
  private sessionCheck: Promise<void> = Promise.resolve();

  /** Holds the start-up check until the returned function is called (the auth server is slow). */
  holdSessionCheck(): () => void {
    let release = () => {};
    this.sessionCheck = new Promise((resolve) => {
      release = resolve;
    });
    return release;
  }

  subscribe(listener: (user: AuthUser | null) => void) {
    this.listeners.add(listener);
    void this.sessionCheck.then(() => {
      if (this.listeners.has(listener)) listener(this.current);
    });
    return () => {
      this.listeners.delete(listener);
    };
  }

  async signIn(email: string, password: string) {
    this.check('signIn');
    const account = this.accounts.get(email);
    if (!account || account.password !== password) throw authError('auth/invalid-credential');
    this.publish(account.user);
    return { ...account.user };
  }

  async signUp(typed: string, password: string) {
    this.check('signUp');
    const email = typed.toLowerCase(); // as Firebase Auth stores it (and the ID token says it)
    if (this.accounts.has(email)) throw authError('auth/email-already-in-use');
    const user = this.addUser(email, { password, verified: false });
    this.publish(user);
    return { ...user };
  }

  async signInWithGoogle() {
    this.check('signInWithGoogle');
    const result = this.googleResult;
    if (!result) return null;
    this.accounts.set(result.user.email ?? result.user.uid, { password: null, user: result.user });
    this.publish(result.user);
    return result;
  }

  async sendVerificationEmail() {
    this.check('sendVerificationEmail');
    if (!this.current) throw authError('auth/no-current-user');
    this.verificationEmails++;
  }

  async sendPasswordReset(email: string) {
    this.check('sendPasswordReset');
    // As the real service with email enumeration protection: no error for an unknown address.
    this.resetEmails.push(email);
    if (this.accounts.has(email)) this.resetCodes.set(`code-${this.resetCodes.size + 1}`, email);
  }

  /** The newest reset code sent to `email` (the link in the email). */
  resetCodeFor(email: string): string | undefined {
    return [...this.resetCodes].filter(([, to]) => to === email).at(-1)?.[0];
  }

  async checkPasswordResetCode(code: string) {
    this.check('checkPasswordResetCode');
    const email = this.resetCodes.get(code);
    if (!email) throw authError('auth/invalid-action-code');
    return email;
  }

  async resetPassword(code: string, newPassword: string) {
    this.check('resetPassword');
    const email = this.resetCodes.get(code);
    const account = email ? this.accounts.get(email) : undefined;
    if (!account) throw authError('auth/invalid-action-code');
    if (newPassword.length < 6) throw authError('auth/weak-password');
    this.resetCodes.delete(code);
    account.password = newPassword;
  }

  async reload() {
    this.check('reload');
    this.reloads++;
    if (!this.current) return null;
    const account = this.accounts.get(this.current.email ?? '');
    if (account && account.user.emailVerified !== this.current.emailVerified) this.publish(account.user);
    return this.current ? { ...this.current } : null;
  }

  async clockOffset() {
    this.check('clockOffset');
    return this.current ? this.clockOffsetMs : null;
  }

  async signOut() {
    this.check('signOut');
    this.publish(null);
  }

  async reauthenticate(password: string | null) {
    this.check('reauthenticate');
    this.reauthentications.push(password);
    if (password === null) return true;
    const account = this.accounts.get(this.current?.email ?? '');
    if (!account || account.password !== password) throw authError('auth/wrong-password');
    return true;
  }
}
