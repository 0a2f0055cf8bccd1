import { accountSettingsMessages, maxDisplayNameLength, validators } from '@serpwise/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { TextField } from '@/components/form/text-field';
import { FormMessages } from '@/components/form/form-messages';
import { errorsOf } from '@/lib/api-client';
import { useValidatedForm } from '@/components/form/use-validated-form';
import { useChangeDisplayName } from '../api/change-display-name';
import { useChangeEmail } from '../api/change-email';
import { useChangePassword } from '../api/change-password';
import { useAccountInfo } from '../api/get-account-info';
import { PaymentCardSection } from '@/features/billing';
import { useActiveState } from '@/features/auth';

const displayNameRules = {
  newDisplayName: [validators.required(accountSettingsMessages.displayNameRequired), validators.maxLength(maxDisplayNameLength, accountSettingsMessages.displayNameTooLong)],
};
const emailRules = { newEmail: [validators.required('Please enter a valid email address'), validators.email()] };
const passwordRules = {
  currentPassword: [validators.required('Enter your current password.')],
  newPassword: [validators.required('Enter a new password.'), validators.password()],
  confirmPassword: [validators.required('Enter the new password again.'), validators.passwordConfirmation('newPassword')],
};

/** /account/settings: display name, e-mail, password and, for the account owner, the payment card (docs/product/account-exports-reports.md §2). */
export function AccountSettingsPage() {
  const info = useAccountInfo();
  const { data: state } = useActiveState();
  return (
    <section className="page account-settings">
      <h1>Account settings</h1>
      {info.isError ? <p className="notice--error">{errorsOf(info.error)[0]}</p> : null}
      <DisplayNameForm current={info.data?.name ?? ''} loaded={info.isSuccess} />
      <EmailForm current={info.data?.email ?? ''} loaded={info.isSuccess} />
      <PasswordForm />
      {state?.user.isLoggedIn && !state.user.isChildAccount && <PaymentCardSection />}
    </section>
  );
}

export function DisplayNameForm({ current, loaded }: { current: string; loaded: boolean }) {
  const form = useValidatedForm(displayNameRules, { newDisplayName: current });
  const mutation = useChangeDisplayName();
  const [saved, setSaved] = useState<string | null>(null);
  const { reset } = form;
  useEffect(() => {
    if (loaded) reset({ newDisplayName: current });
  }, [loaded, current, reset]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    if (!form.validateAll()) return;
    mutation.mutate(form.values.newDisplayName, { onSuccess: (answer) => setSaved(`Your display name is now ${answer.data.displayName}.`) });
  };
  return (
    <form className="form" onSubmit={submit} noValidate aria-labelledby="display-name-heading">
      <h2 id="display-name-heading">Display name</h2>
      <FormMessages formError={form.formError} serverErrors={errorsOf(mutation.error)} success={saved} />
      <TextField label="New display name" autoComplete="name" {...form.field('newDisplayName')} />
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={mutation.isPending}>
          {mutation.isPending ? 'Saving…' : 'Save display name'}
        </button>
      </div>
    </form>
  );
}

export function EmailForm({ current, loaded }: { current: string; loaded: boolean }) {
  const form = useValidatedForm(emailRules, { newEmail: current });
  const mutation = useChangeEmail();
  const [saved, setSaved] = useState<string | null>(null);
  const { reset } = form;
  useEffect(() => {
    if (loaded) reset({ newEmail: current });
  }, [loaded, current, reset]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    if (!form.validateAll()) return;
    mutation.mutate(form.values.newEmail, { onSuccess: (answer) => setSaved(`Your email address is now ${answer.data.email}.`) });
  };
  return (
    <form className="form" onSubmit={submit} noValidate aria-labelledby="email-heading">
      <h2 id="email-heading">Email address</h2>
      <FormMessages formError={form.formError} serverErrors={errorsOf(mutation.error)} success={saved} />
      <TextField label="New email address" type="email" autoComplete="email" {...form.field('newEmail')} />
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={mutation.isPending}>
          {mutation.isPending ? 'Saving…' : 'Save email address'}
        </button>
      </div>
    </form>
  );
}

const emptyPasswords = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordForm() {
  const form = useValidatedForm(passwordRules, emptyPasswords);
  const mutation = useChangePassword();
  const [saved, setSaved] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    if (!form.validateAll()) return;
    mutation.mutate(form.values, {
      onSuccess: (answer) => {
        form.reset(emptyPasswords);
        const ended = answer.data.endedSessions;
        setSaved(`Your password has been changed.${ended ? ` You were logged out on ${ended} other device${ended === 1 ? '' : 's'}.` : ''}`);
      },
    });
  };
  return (
    <form className="form" onSubmit={submit} noValidate aria-labelledby="password-heading">
      <h2 id="password-heading">Password</h2>
      <FormMessages formError={form.formError} serverErrors={errorsOf(mutation.error)} success={saved} />
      <TextField label="Current password" type="password" autoComplete="current-password" {...form.field('currentPassword')} />
      <TextField label="New password" type="password" autoComplete="new-password" hint="At least 6 characters." {...form.field('newPassword')} />
      <TextField label="Confirm new password" type="password" autoComplete="new-password" {...form.field('confirmPassword')} />
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={mutation.isPending}>
          {mutation.isPending ? 'Saving…' : 'Change password'}
        </button>
      </div>
    </form>
  );
}
