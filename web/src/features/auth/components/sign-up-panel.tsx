import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { accountMessages, type AuthAnswer } from '@serpwise/contracts';
import { TextField } from '../../../components/forms/text-field';
import { useFormFields } from '../../../components/forms/use-form-fields';
import { email, registrationPassword } from '../../../components/forms/validators';
import { captchaToken, registerFreeAccount } from '../api/auth-calls';
import { errorsOf, finishAuthentication } from './auth-result';

const validators = { email, password: registrationPassword };

export interface SignUpPanelProps {
  returnUrl?: string;
  onAuthenticated?: (answer: AuthAnswer) => boolean | void;
}

/** The free sign-up panel (01-product.md §2): e-mail and password, validated after blur. */
export function SignUpPanel({ returnUrl, onAuthenticated }: SignUpPanelProps) {
  const form = useFormFields(validators);
  const [creating, setCreating] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors([]);
    if (!form.validateAll()) return;
    setCreating(true);
    try {
      const answer = await registerFreeAccount({
        email: form.values.email.trim(),
        password: form.values.password,
        token: await captchaToken('create_free_account'),
        source: 'FreeAccount',
      });
      finishAuthentication(answer, undefined, onAuthenticated);
    } catch (error) {
      setErrors(errorsOf(error));
      setCreating(false);
    }
  }

  return (
    <form className="panel auth-panel" onSubmit={submit} noValidate aria-label="Sign up">
      <h2>Sign up for a free account to continue</h2>
      <p className="auth-panel__note">(no credit card required)</p>
      <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} error={form.errors.email} />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        {...form.field('password')}
        error={form.errors.password}
        hint={accountMessages.passwordHint}
      />
      {form.formError && <p className="form-error">{form.formError}</p>}
      {errors.length > 0 && (
        <div role="alert" className="alert alert--error">
          {errors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
      <button type="submit" className="button button--primary" disabled={creating}>
        {creating ? 'Creating your account…' : 'Sign Up Free'}
      </button>
      <p>
        <Link to={returnUrl ? `/auth/login?returnUrl=${encodeURIComponent(returnUrl)}` : '/auth/login'}>Already a member? Login to your account</Link>
      </p>
      <p className="auth-panel__note">
        Or see our <Link to="/buy/register">premium plans</Link>.
      </p>
    </form>
  );
}
