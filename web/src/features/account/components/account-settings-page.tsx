import { accountSettingsMessages, type FieldValidator, maxDisplayNameLength, validators } from '@serpwise/contracts';
import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { TextField } from '@/components/form/text-field';
import { FormMessages } from '@/components/form/form-messages';
import { SubmitActions } from '@/components/form/submit-actions';
import { errorsOf } from '@/lib/api-client';
import { useValidatedForm } from '@/components/form/use-validated-form';
import { useChangeDisplayName } from '../api/change-display-name';
import { useChangeEmail } from '../api/change-email';
import { useChangePassword } from '../api/change-password';
import { useAccountInfo } from '../api/get-account-info';
import { PaymentCardSection } from '@/features/billing';
import { useActiveState } from '@/features/auth';
import { AutoDownloadSetting } from '@/features/exports';

const displayNameRules = {
  newDisplayName: [validators.required(accountSettingsMessages.displayNameRequired), validators.maxLength(maxDisplayNameLength, accountSettingsMessages.displayNameTooLong)],
};
const emailRules = { newEmail: [validators.required('Please enter a valid email address'), validators.email()] };
const passwordRules = {
  currentPassword: [validators.required('Enter your current password.')],
  newPassword: [validators.required('Enter a new password.'), validators.password()],
  confirmPassword: [validators.required('Enter the new password again.'), validators.passwordConfirmation('newPassword')],
};

/** /account/settings: display name, e-mail, password, automatic export downloads and, for the account owner, the payment card (docs/product/account-exports-reports.md §2). */
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
      <AutoDownloadSetting />
      {state?.user.isLoggedIn && !state.user.isChildAccount && <PaymentCardSection />}
    </section>
  );
}

/** The account's one-value forms: the heading, the field and its rules, the button. */
const displayNameForm: AccountValueSpec<'newDisplayName'> = { heading: { id: 'display-name-heading', text: 'Display name' }, field: { name: 'newDisplayName', label: 'New display name', autoComplete: 'name' }, rules: displayNameRules, saveLabel: 'Save display name' };
const emailForm: AccountValueSpec<'newEmail'> = { heading: { id: 'email-heading', text: 'Email address' }, field: { name: 'newEmail', label: 'New email address', type: 'email', autoComplete: 'email' }, rules: emailRules, saveLabel: 'Save email address' };

export function DisplayNameForm({ current, loaded }: { current: string; loaded: boolean }) {
  const mutation = useChangeDisplayName();
  return <AccountValueForm spec={displayNameForm} current={current} loaded={loaded} mutation={mutation} savedText={(answer) => `Your display name is now ${answer.data.displayName}.`} />;
}

export function EmailForm({ current, loaded }: { current: string; loaded: boolean }) {
  const mutation = useChangeEmail();
  return <AccountValueForm spec={emailForm} current={current} loaded={loaded} mutation={mutation} savedText={(answer) => `Your email address is now ${answer.data.email}.`} />;
}

interface AccountValueSpec<Name extends string> {
  heading: { id: string; text: string };
  field: { name: Name; label: string; type?: 'text' | 'email'; autoComplete: string };
  rules: Record<Name, FieldValidator[]>;
  saveLabel: string;
}

interface AccountValueFormProps<Name extends string, Answer> {
  spec: AccountValueSpec<Name>;
  /** The account's value, shown in the field once the account info has loaded. */
  current: string;
  loaded: boolean;
  mutation: UseMutationResult<Answer, Error, string>;
  savedText: (answer: Answer) => string;
}

/** A form that changes one value of the account (display name, e-mail): the field starts with the current value. */
function AccountValueForm<Name extends string, Answer>({ spec, current, loaded, mutation, savedText }: AccountValueFormProps<Name, Answer>) {
  const { heading, field, rules, saveLabel } = spec;
  const form = useValidatedForm(rules, { [field.name]: current } as Record<Name, string>);
  const [saved, setSaved] = useState<string | null>(null);
  const { reset } = form;
  useEffect(() => {
    if (loaded) reset({ [field.name]: current } as Record<Name, string>);
  }, [loaded, current, reset, field.name]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    if (!form.validateAll()) return;
    mutation.mutate(form.values[field.name], { onSuccess: (answer) => setSaved(savedText(answer)) });
  };
  return (
    <form className="form" onSubmit={submit} noValidate aria-labelledby={heading.id}>
      <h2 id={heading.id}>{heading.text}</h2>
      <FormMessages formError={form.formError} serverErrors={errorsOf(mutation.error)} success={saved} />
      <TextField label={field.label} type={field.type} autoComplete={field.autoComplete} {...form.field(field.name)} />
      <SubmitActions label={saveLabel} pending={mutation.isPending} />
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
      <SubmitActions label="Change password" pending={mutation.isPending} />
    </form>
  );
}
