import { useState } from 'react';
import { Link } from 'react-router';
import { formatDollars, type SubscriptionSummary } from '@serpwise/contracts';
import { ApiRequestError } from '@/lib/api-client';
import { subscriptionAction, submitCancellationSurvey, useBillingRefresh, useSubscriptionList, type SubscriptionAction } from '../api/billing-calls';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const reasons = ['Too expensive', 'Missing a feature I need', 'Not using it enough', 'Switching to another product', 'Project finished', 'Other'];

/** /account/subscription: the plan, and pause, unpause, cancel (with the survey), uncancel and reactivate. */
export function SubscriptionPage() {
  const { data, isPending } = useSubscriptionList();
  if (isPending) return <p>Loading…</p>;
  if (!data?.length)
    return (
      <section>
        <h1>Subscription</h1>
        <p>You have no subscription yet.</p>
        <Link className="button button--primary" to="/upgrade">
          See Plans and Pricing
        </Link>
      </section>
    );
  return (
    <section>
      <h1>Subscription</h1>
      {data.map((subscription) => (
        <SubscriptionCard key={subscription.productId} subscription={subscription} />
      ))}
    </section>
  );
}

function SubscriptionCard({ subscription }: { subscription: SubscriptionSummary }) {
  const refresh = useBillingRefresh();
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [surveyOpen, setSurveyOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [comments, setComments] = useState('');
  const [coupon, setCoupon] = useState('');

  async function run(action: SubscriptionAction, before?: () => Promise<unknown>) {
    setSending(true);
    setErrors([]);
    try {
      await before?.();
      await subscriptionAction(action, subscription.productId, coupon.trim());
      setSurveyOpen(false);
      await refresh();
    } catch (error) {
      setErrors(error instanceof ApiRequestError ? (error.errors.length ? error.errors : [error.message]) : ['That did not work. Try again.']);
    } finally {
      setSending(false);
    }
  }

  const { status } = subscription;
  return (
    <div className="panel subscription">
      <h2>
        Serpwise {subscription.planName} <span className={`badge badge--${status}`}>{status}</span>
      </h2>
      <p>
        {formatDollars(subscription.amountCents)} {subscription.billing === 'annual' ? 'a year' : 'a month'}
        {subscription.teamMembers > 0 && ` + ${subscription.teamMembers} team member${subscription.teamMembers === 1 ? '' : 's'} at ${formatDollars(subscription.seatAmountCents)} each`}
      </p>
      <p>
        {status === 'active' && `Renews on ${day(subscription.currentPeriodEnd)}.`}
        {(status === 'cancelled' || status === 'paused') && `Full access until ${day(subscription.currentPeriodEnd)}.`}
        {status === 'expired' && `Ended on ${day(subscription.currentPeriodEnd)}.`}
      </p>
      {errors.length > 0 && (
        <div role="alert" className="alert alert--error">
          {errors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
      <div className="actions">
        {status === 'active' && subscription.billing === 'monthly' && (
          <Link className="button" to="/e">
            Switch to annual billing
          </Link>
        )}
        {status === 'active' && (
          <button type="button" className="button" disabled={sending} onClick={() => run('pause')}>
            Pause subscription
          </button>
        )}
        {status === 'paused' && (
          <button type="button" className="button button--primary" disabled={sending} onClick={() => run('unpause')}>
            Unpause subscription
          </button>
        )}
        {(status === 'active' || status === 'paused') && !surveyOpen && (
          <button type="button" className="button" disabled={sending} onClick={() => setSurveyOpen(true)}>
            Cancel subscription
          </button>
        )}
        {status === 'cancelled' && (
          <button type="button" className="button button--primary" disabled={sending} onClick={() => run('uncancel')}>
            Keep my subscription
          </button>
        )}
      </div>
      {status === 'expired' && (
        <div className="field">
          <label htmlFor="reactivate-coupon">Coupon code (optional)</label>
          <input id="reactivate-coupon" value={coupon} onChange={(event) => setCoupon(event.target.value)} />
          <button type="button" className="button button--primary" disabled={sending} onClick={() => run('reactivate')}>
            Reactivate subscription
          </button>
        </div>
      )}
      {surveyOpen && (
        <form
          className="panel survey"
          aria-label="Cancellation survey"
          onSubmit={(event) => {
            event.preventDefault();
            if (!reason) return setErrors(['Choose a reason.']);
            void run('cancel', () => submitCancellationSurvey(subscription.productId, reason, comments));
          }}
        >
          <h3>Before you go: why are you cancelling?</h3>
          {reasons.map((entry) => (
            <label key={entry} className="checkbox">
              <input type="radio" name="reason" checked={reason === entry} onChange={() => setReason(entry)} /> {entry}
            </label>
          ))}
          <div className="field">
            <label htmlFor="survey-comments">Anything else we should know?</label>
            <textarea id="survey-comments" maxLength={2000} value={comments} onChange={(event) => setComments(event.target.value)} />
          </div>
          <p>Your access continues until {day(subscription.currentPeriodEnd)}.</p>
          <button type="submit" className="button button--danger" disabled={sending}>
            Cancel subscription
          </button>{' '}
          <button type="button" className="button" onClick={() => setSurveyOpen(false)}>
            Keep my subscription
          </button>
        </form>
      )}
    </div>
  );
}
