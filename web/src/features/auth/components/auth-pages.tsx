import { useEffect, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { accountMessages, safeReturnUrl, validators } from '@serpwise/contracts';
import { FormMessages } from '@/components/form/form-messages';
import { TextField } from '@/components/form/text-field';
import { useValidatedForm } from '@/components/form/use-validated-form';
import { checkResetLink, requestPasswordReset, resetPassword } from '../api/auth-calls';
import { useActiveState } from '../api/get-active-state';
import { useServerSubmit } from '../hooks/use-server-submit';
import { LogOutForm } from './log-out-form';
import { LoginPanel } from './login-panel';
import { SignUpPanel } from './sign-up-panel';

const forgotRules = { email: [validators.required(accountMessages.invalidEmail), validators.email()] };
const resetRules = {
  newPassword: [validators.required(accountMessages.passwordTooShort), validators.password()],
  confirmPassword: [validators.passwordConfirmation('newPassword')],
};

const useReturnUrl = () => {
  const [params] = useSearchParams();
  const value = params.get('returnUrl');
  return value ? safeReturnUrl(value) : undefined;
};

/** /auth/login (alias /login). A logged-in user goes straight on. */
export function LoginPage() {
  const returnUrl = useReturnUrl();
  const { data } = useActiveState();
  if (data?.user.isLoggedIn) return <Navigate to={returnUrl ?? '/'} replace />;
  return (
    <section className="page page--narrow">
      <LoginPanel returnUrl={returnUrl} />
    </section>
  );
}

/** /freeaccount: the free sign-up. */
export function FreeAccountPage() {
  const returnUrl = useReturnUrl();
  const { data } = useActiveState();
  if (data?.user.isLoggedIn) return <Navigate to={returnUrl ?? '/'} replace />;
  return (
    <section className="page page--narrow">
      <SignUpPanel returnUrl={returnUrl} />
    </section>
  );
}

/** /auth/forgotpassword: asks for the e-mail address and sends a one-time reset link. */
export function ForgotPasswordPage() {
  const form = useValidatedForm(forgotRules, { email: '' });
  const [sent, setSent] = useState(false);
  const { submit, sending, errors } = useServerSubmit(form, async () => {
    await requestPasswordReset(form.values.email.trim());
    setSent(true);
  });

  return (
    <section className="page page--narrow">
      <form className="panel auth-panel" onSubmit={submit} noValidate aria-label="Forgot password">
        <h2>Forgot your password?</h2>
        {sent ? (
          <p role="status" className="alert alert--success">
            If an account uses {form.values.email.trim()}, we have sent it a link to choose a new password. The link works once, for one hour.
          </p>
        ) : (
          <>
            <p>Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
            <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
            <FormMessages formError={form.formError} serverErrors={errors} />
            <button type="submit" className="button button--primary" disabled={sending}>
              {sending ? 'Sending…' : 'Send reset link'}
            </button>
          </>
        )}
        <p>
          <Link to="/auth/login">Back to login</Link>
        </p>
      </form>
    </section>
  );
}

/** /auth/resetpassword?token=…: the page the e-mailed link opens. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [linkState, setLinkState] = useState<'checking' | 'valid' | 'invalid' | 'done'>(token ? 'checking' : 'invalid');
  const form = useValidatedForm(resetRules, { newPassword: '', confirmPassword: '' });
  const { submit, sending, errors } = useServerSubmit(form, async () => {
    await resetPassword(token, form.values.newPassword, form.values.confirmPassword);
    setLinkState('done');
  });

  useEffect(() => {
    if (!token) return;
    checkResetLink(token)
      .then((answer) => setLinkState(answer.isValid ? 'valid' : 'invalid'))
      .catch(() => setLinkState('invalid'));
  }, [token]);

  return (
    <section className="page page--narrow">
      <form className="panel auth-panel" onSubmit={submit} noValidate aria-label="Choose a new password">
        <h2>Choose a new password</h2>
        {linkState === 'checking' && <p>Checking your link…</p>}
        {linkState === 'invalid' && (
          <p role="alert" className="alert alert--error">
            This password reset link is invalid or has expired. <Link to="/auth/forgotpassword">Request a new one.</Link>
          </p>
        )}
        {linkState === 'done' && (
          <p role="status" className="alert alert--success">
            Your password has been changed. <Link to="/auth/login">Log in with your new password.</Link>
          </p>
        )}
        {linkState === 'valid' && (
          <>
            <TextField label="New password" type="password" autoComplete="new-password" {...form.field('newPassword')} hint={accountMessages.passwordHint} />
            <TextField label="Confirm new password" type="password" autoComplete="new-password" {...form.field('confirmPassword')} />
            <FormMessages formError={form.formError} serverErrors={errors} />
            <button type="submit" className="button button--primary" disabled={sending}>
              {sending ? 'Saving…' : 'Set new password'}
            </button>
          </>
        )}
      </form>
    </section>
  );
}

/**
 * /auth/logout opened as an address (a bookmark, a link from elsewhere): a GET never ends the session, since any
 * site could send the browser here; the user confirms with the Log out form. A visitor goes to the home page.
 */
export function LogOutPage() {
  const { data } = useActiveState();
  if (data && !data.user.isLoggedIn) return <Navigate to="/" replace />;
  return (
    <section className="page page--narrow">
      <h1>Log out</h1>
      <p>Log out of Serpwise on this browser?</p>
      <LogOutForm className="button button--primary">Log out</LogOutForm>
    </section>
  );
}
