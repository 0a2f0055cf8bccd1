import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { applyCoupon, defaultPurchaseId, formatDollars, safeReturnUrl, type BillingPeriod, type CardInput, type PlanId } from '@serpwise/contracts';
import { errorsOf as messagesOf } from '@/lib/api-client';
import { useActiveState } from '@/features/auth';
import { annualUpgrade as annualUpgradeCall, checkCoupon, purchase, useBillingRefresh, usePlans } from '../api/billing-calls';
import { CardForm } from '@/components/ui/card-form';
import { SandboxNote } from './sandbox-note';
import { PaymentConfirmation, type PaidAnswer } from './payment-confirmation';
import { loginHref, placeOf, signUpHref } from '@/lib/return-url';

const errorsOf = (error: unknown) => messagesOf(error, 'The payment could not be sent. Try again.');

/**
 * The purchase pages: /buy/register (purchaseid, couponcode, click), /mainpurchase and /upgrade. Plans, annual
 * billing with its saving, a coupon code, the card form; visitors are asked to sign up or log in first.
 */
export function PurchasePage({ title = 'Choose your plan' }: { title?: string }) {
  const [params] = useSearchParams();
  const location = useLocation();
  const refresh = useBillingRefresh();
  const { data: state } = useActiveState();
  const { data: catalogue } = usePlans();
  const [plan, setPlan] = useState<PlanId>('basic');
  const [billing, setBilling] = useState<BillingPeriod>('monthly');
  const [coupon, setCoupon] = useState(params.get('couponcode') ?? '');
  const [couponState, setCouponState] = useState<{ percentOff: number } | { error: string } | null>(null);
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [paid, setPaid] = useState<PaidAnswer | null>(null);
  const purchaseId = Number(params.get('purchaseid')) || defaultPurchaseId;
  const here = placeOf(location);

  const chosen = catalogue?.plans.find((entry) => entry.id === plan);
  const price = chosen ? (billing === 'annual' ? chosen.annualCents : chosen.monthlyCents) : 0;
  const percentOff = couponState && 'percentOff' in couponState ? couponState.percentOff : 0;

  async function applyCode() {
    if (!coupon.trim()) return setCouponState(null);
    try {
      setCouponState({ percentOff: (await checkCoupon(coupon.trim())).percentOff });
    } catch (error) {
      setCouponState({ error: errorsOf(error)[0]! });
    }
  }

  async function pay(card: CardInput) {
    setSending(true);
    setErrors([]);
    try {
      const answer = await purchase({ purchaseId, plan, billing, couponCode: coupon.trim() || null, click: params.get('click'), card });
      await refresh();
      setPaid(answer.data);
    } catch (error) {
      setErrors(errorsOf(error));
      setSending(false);
    }
  }

  if (paid) return <PaymentConfirmation paid={paid} email={state?.user.email ?? null} continueTo={safeReturnUrl(params.get('returnUrl'), '/account/subscription')} />;

  return (
    <section className="page purchase">
      <h1>{title}</h1>
      <p className="lead">Unlimited data, searches and downloads on every plan. 30 day money back guarantee. No contracts.</p>
      <div className="purchase__billing" role="radiogroup" aria-label="Billing">
        <label>
          <input type="radio" name="billing" checked={billing === 'monthly'} onChange={() => setBilling('monthly')} /> Monthly
        </label>
        <label>
          <input type="radio" name="billing" checked={billing === 'annual'} onChange={() => setBilling('annual')} /> Annual billing
        </label>
      </div>
      <div className="purchase__plans">
        {catalogue?.plans.map((entry) => (
          <label key={entry.id} className={`panel plan-card${plan === entry.id ? ' plan-card--chosen' : ''}`}>
            <input type="radio" name="plan" checked={plan === entry.id} onChange={() => setPlan(entry.id)} />
            <h2>{entry.name}</h2>
            <p className="plan-card__price">
              {billing === 'annual' ? `${formatDollars(Math.round(entry.annualCents / 12))}/month` : `${formatDollars(entry.monthlyCents)}/month`}
            </p>
            <p>{billing === 'annual' ? `${formatDollars(entry.annualCents)} billed yearly (Save ${formatDollars(entry.annualSavingCents)})` : `(Save ${formatDollars(entry.annualSavingCents)} with annual billing)`}</p>
            <p>{entry.trackedKeywords.toLocaleString('en-US')} tracked keywords</p>
          </label>
        ))}
      </div>
      {!state?.user.isLoggedIn ? (
        <div className="panel">
          <p>Create a free account or log in first, then come back here to pay.</p>
          <Link className="button button--primary" to={signUpHref(here)}>
            Sign up
          </Link>{' '}
          <Link className="button" to={loginHref(here)}>
            Log in
          </Link>
        </div>
      ) : state.user.isChildAccount ? (
        <p className="panel">Your plan is managed by your account owner.</p>
      ) : (
        <div className="panel">
          <SandboxNote />
          <CardForm submitLabel={`Pay ${formatDollars(applyCoupon(price, percentOff ? { code: '', percentOff, description: '' } : null))}`} sending={sending} errors={errors} onSubmit={pay}>
            <div className="field">
              <label htmlFor="coupon-code">Coupon code</label>
              <div className="inline">
                <input id="coupon-code" value={coupon} onChange={(event) => setCoupon(event.target.value)} onBlur={applyCode} />
                <button type="button" className="button" onClick={applyCode}>
                  Apply
                </button>
              </div>
              {couponState && 'error' in couponState && <p className="field__error">{couponState.error}</p>}
              {couponState && 'percentOff' in couponState && <p className="field__hint">{couponState.percentOff}% off your first payment</p>}
            </div>
          </CardForm>
        </div>
      )}
    </section>
  );
}

/** /e/{clickType?}: the one-click move to annual billing, paid with the stored card. */
export function AnnualUpgradePage({ clickType }: { clickType?: string }) {
  const refresh = useBillingRefresh();
  const { data: state } = useActiveState();
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [paid, setPaid] = useState<PaidAnswer | null>(null);
  async function upgrade() {
    setSending(true);
    setErrors([]);
    try {
      const answer = await annualUpgradeCall(clickType);
      await refresh();
      setPaid(answer.data);
    } catch (error) {
      setErrors(errorsOf(error));
      setSending(false);
    }
  }
  if (paid) return <PaymentConfirmation paid={paid} email={state?.user.email ?? null} continueTo="/account/subscription" />;
  return (
    <section className="page">
      <h1>Switch to annual billing</h1>
      <p className="lead">Pay for a year at once and save: your card on file is charged the annual price, less the unused part of this month.</p>
      <SandboxNote />
      {errors.length > 0 && (
        <div role="alert" className="alert alert--error">
          {errors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
      <button type="button" className="button button--primary" disabled={sending} onClick={upgrade}>
        {sending ? 'Upgrading…' : 'Upgrade to annual billing'}
      </button>
    </section>
  );
}
