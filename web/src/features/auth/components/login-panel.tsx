import { useState } from 'react';
import { Link } from 'react-router';
import { validators, type AuthAnswer } from '@serpwise/contracts';
import { FormMessages } from '@/components/form/form-messages';
import { TextField } from '@/components/form/text-field';
import { useValidatedForm } from '@/components/form/use-validated-form';
import { useServerSubmit } from '../hooks/use-server-submit';
import { captchaToken, login } from '../api/auth-calls';
import { finishAuthentication } from './auth-result';
import { signUpHref } from '@/lib/return-url';

/** Login: both fields must be non-empty before sending (docs/product/site.md §5). */
const rules = {
  username: [validators.required('Enter your e-mail or username.')],
  password: [validators.required('Enter your password.')],
};
const empty = { username: '', password: '' };

export interface LoginPanelProps {
  title?: string;
  /** Embedded as a widget: no 'Remember Me' (docs/product/site.md §2). */
  embedded?: boolean;
  returnUrl?: string;
  onAuthenticated?: (answer: AuthAnswer) => boolean | void;
}

/** The login panel: e-mail or username, password, Remember Me, Forgot password? (docs/product/site.md §2). */
export function LoginPanel({ title = 'Log in to Continue', embedded = false, returnUrl, onAuthenticated }: LoginPanelProps) {
  const form = useValidatedForm(rules, empty);
  const [remember, setRemember] = useState(false);
  const { submit, sending, errors } = useServerSubmit(
    form,
    async () => {
      const answer = await login({
        username: form.values.username.trim(),
        password: form.values.password,
        rememberMe: remember,
        source: 'LoginPage',
        token: await captchaToken('login_user'),
        ...(returnUrl ? { returnUrl } : {}),
      });
      finishAuthentication(answer, returnUrl, onAuthenticated);
    },
    { leavesPage: true },
  );

  return (
    <form className="panel auth-panel" onSubmit={submit} noValidate aria-label="Log in">
      <h2>{title}</h2>
      <p className="auth-panel__switch">
        <Link to={signUpHref(returnUrl)}>Create an account</Link>
      </p>
      <TextField label="Email or username" autoComplete="username" {...form.field('username')} />
      <TextField label="Password" type="password" autoComplete="current-password" {...form.field('password')} />
      {!embedded && (
        <label className="checkbox">
          <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} /> Remember Me
        </label>
      )}
      <FormMessages formError={form.formError} serverErrors={errors} />
      <button type="submit" className="button button--primary" disabled={sending}>
        {sending ? 'Logging in…' : 'Login'}
      </button>
      <p>
        <Link to="/auth/forgotpassword">Forgot password?</Link>
      </p>
    </form>
  );
}
