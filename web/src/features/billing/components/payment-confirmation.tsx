import { Link } from 'react-router';
import { formatDollars } from '@serpwise/contracts';

export interface PaidAnswer {
  amountCents?: number;
  receiptId?: string | null;
}

/**
 * What the user sees after a payment went through (docs/decisions.md issue 24): the amount, that the receipt was
 * e-mailed, a link to the printable receipt, and the way on.
 */
export function PaymentConfirmation({ paid, email, continueTo }: { paid: PaidAnswer; email: string | null; continueTo: string }) {
  return (
    <section className="page payment-confirmation" role="status" aria-live="polite">
      <h1>Thank you, your payment went through</h1>
      <p className="lead">
        {paid.amountCents !== undefined ? `${formatDollars(paid.amountCents)} was charged to your card. ` : ''}
        {email ? `Your receipt was e-mailed to ${email}.` : 'Your receipt was e-mailed to you.'}
      </p>
      <p className="inline">
        {paid.receiptId && (
          <Link className="button" to={`/account/receipt?id=${encodeURIComponent(paid.receiptId)}`}>
            View receipt
          </Link>
        )}{' '}
        <Link className="button button--primary" to={continueTo}>
          Continue
        </Link>
      </p>
    </section>
  );
}
