import { useState } from 'react';
import { errorsOf } from '@/lib/api-client';
import { changePaymentInfo, useBillingInfo, useBillingRefresh } from '../api/billing-calls';
import { CardForm } from '@/components/ui/card-form';
import { SandboxNote } from './sandbox-note';

/** The payment card part of /account/settings (docs/product/account-exports-reports.md §2): the card on file and a form to replace it. */
export function PaymentCardSection() {
  const info = useBillingInfo();
  const refresh = useBillingRefresh();
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [saved, setSaved] = useState<string | null>(null);
  const card = info.data;

  return (
    <section className="form" aria-labelledby="card-heading">
      <h2 id="card-heading">Payment card</h2>
      <p data-testid="card-on-file">
        {card?.ccLastFour ? `${card.cardType ?? 'Card'} ending in ${card.ccLastFour}, expires ${card.expiration ?? '—'}.` : 'No card on file yet.'}
      </p>
      {saved && (
        <p role="status" className="form__message form__message--ok">
          {saved}
        </p>
      )}
      <SandboxNote />
      <CardForm
        submitLabel="Save card"
        sending={sending}
        errors={errors}
        onSubmit={async (input) => {
          setSending(true);
          setErrors([]);
          setSaved(null);
          try {
            const answer = await changePaymentInfo(input);
            setSaved(`Future payments go to the card ending in ${answer.data.billingInfo.ccLastFour}.`);
            await refresh();
          } catch (error) {
            setErrors(errorsOf(error));
          } finally {
            setSending(false);
          }
        }}
      />
    </section>
  );
}
