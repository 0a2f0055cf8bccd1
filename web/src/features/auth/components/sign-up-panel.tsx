import { Link } from 'react-router';
import { accountMessages, validators, type AuthAnswer } from '@serpwise/contracts';
import { FormMessages } from '@/components/form/form-messages';
import { TextField } from '@/components/form/text-field';
import { useValidatedForm } from '@/components/form/use-validated-form';
import { useServerSubmit } from '../hooks/use-server-submit';
import { captchaToken, registerFreeAccount } from '../api/auth-calls';
import { finishAuthentication } from './auth-result';
import { loginHref } from '@/lib/return-url';

/** Registration: a valid e-mail and a password of 6 or more characters after trimming (docs/product/site.md §5). */
const rules = {
  email: [validators.required(accountMessages.invalidEmail), validators.email()],
  password: [validators.required(accountMessages.passwordTooShort), validators.password()],
};
const empty = { email: '', password: '' };

export interface SignUpPanelProps {
  returnUrl?: string;
  onAuthenticated?: (answer: AuthAnswer) => boolean | void;
}

/** The free sign-up panel (docs/product/site.md §2): e-mail and password, validated after blur. */
export function SignUpPanel({ returnUrl, onAuthenticated }: SignUpPanelProps) {
  const form = useValidatedForm(rules, empty);
  const { submit, sending: creating, errors } = useServerSubmit(
    form,
    async () => {
      const answer = await registerFreeAccount({
        email: form.values.email.trim(),
        password: form.values.password,
        token: await captchaToken('create_free_account'),
        source: 'FreeAccount',
        ...(returnUrl ? { returnUrl } : {}),
      });
      finishAuthentication(answer, returnUrl, onAuthenticated);
    },
    { leavesPage: true },
  );

  return (
    <form className="panel auth-panel" onSubmit={submit} noValidate aria-label="Sign up">
      <h2>Sign up for a free account to continue</h2>
      <p className="auth-panel__note">(no credit card required)</p>
      <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        {...form.field('password')}
        hint={accountMessages.passwordHint}
      />
      <FormMessages formError={form.formError} serverErrors={errors} />
      <button type="submit" className="button button--primary" disabled={creating}>
        {creating ? 'Creating your account…' : 'Sign Up Free'}
      </button>
      <p>
        <Link to={loginHref(returnUrl)}>Already a member? Login to your account</Link>
      </p>
      <p className="auth-panel__note">
        Or see our <Link to="/buy/register">premium plans</Link>.
      </p>
    </form>
  );
}
