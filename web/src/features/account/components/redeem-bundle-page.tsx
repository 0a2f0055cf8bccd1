import { useState, type FormEvent } from 'react';
import { TextField } from '@/components/form/text-field';
import { FormMessages } from '@/components/form/form-messages';
import { SubmitActions } from '@/components/form/submit-actions';
import { errorsOf } from '@/lib/api-client';
import { useValidatedForm } from '@/components/form/use-validated-form';
import { validators } from '@serpwise/contracts';
import { useRedeemBundle } from '../api/redeem-bundle';

const rules = { code: [validators.required('Enter a bundle code.')] };

/** /account/redeem-bundle: a bundle code grants the full plan for some months. */
export function RedeemBundlePage() {
  const form = useValidatedForm(rules, { code: '' });
  const mutation = useRedeemBundle();
  const [done, setDone] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    if (!form.validateAll()) return;
    mutation.mutate(form.values.code, {
      onSuccess: (answer) => {
        form.reset({ code: '' });
        const until = new Date(answer.data.expiresAt).toLocaleDateString('en-US', { dateStyle: 'long' });
        setDone(`Bundle redeemed: you have the full plan until ${until}.`);
      },
    });
  };
  return (
    <section className="page redeem-bundle">
      <h1>Redeem a bundle</h1>
      <form className="form" onSubmit={submit} noValidate>
        <FormMessages formError={form.formError} serverErrors={errorsOf(mutation.error)} success={done} />
        <TextField label="Bundle code" autoComplete="off" {...form.field('code')} />
        <SubmitActions label="Redeem" pending={mutation.isPending} pendingLabel="Redeeming…" />
      </form>
    </section>
  );
}
