import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { teamMessages, type AddChildResult } from '@serpwise/contracts';
import { Spinner } from '@/components/ui/spinner';
import { TagInput } from '@/components/ui/tag-input';
import { addChildren, removeChild, useChildren, usePreviewBill } from '../api/child-accounts';

const money = (amount: number) => `$${amount.toFixed(2)}`;

/** /account/teammanagement (alias users-added): the owner's team, adding members with a bill preview, removing them. */
export function TeamPage() {
  const client = useQueryClient();
  const { data: children = [] } = useChildren();
  const [tags, setTags] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const [results, setResults] = useState<AddChildResult[]>([]);
  /** Whether the last add charged seats (its receipt was e-mailed; docs/decisions.md issue 24). */
  const [charged, setCharged] = useState(false);
  const [billingError, setBillingError] = useState(false);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const { data: bill } = usePreviewBill(tags);

  async function add() {
    setSending(true);
    setBillingError(false);
    try {
      const answer = await addChildren(tags);
      setResults(answer);
      setCharged(answer.some((item) => item.isSuccessful && (item.amountCharged ?? 0) > 0));
      setBillingError(answer.some((item) => item.failure === teamMessages.billingUnsuccessful));
      setTags(answer.filter((item) => !item.isSuccessful).map((item) => item.email));
      await client.invalidateQueries({ queryKey: ['team'] });
      await client.invalidateQueries({ queryKey: ['billing'] });
    } finally {
      setSending(false);
    }
  }

  async function remove(id: string) {
    setSending(true);
    setRemoveError(null);
    try {
      await removeChild(id);
      setConfirming(null);
      await client.invalidateQueries({ queryKey: ['team'] });
    } catch {
      setRemoveError(teamMessages.childRemovalFailed);
    } finally {
      setSending(false);
    }
  }

  const failures = new Map(bill?.validationResults.filter((result) => !result.isValid).map((result) => [result.email, result.failure]) ?? []);
  return (
    <section className="team">
      <h1>Team</h1>
      <p>Team members log in with their own e-mail address and share your plan.</p>
      <div className="panel">
        <TagInput label="Add users by e-mail (separate addresses with commas)" mode="email" tags={tags} onChange={setTags} flagged={failures} />
        {bill && tags.length > 0 && (
          <div className="bill-preview" data-testid="bill-preview">
            <p>
              Due now: <strong>{money(bill.currentAmount)}</strong> (pro rata to the end of this billing period), then {money(bill.recurringAmountPerUser)} per user{' '}
              {bill.isAnnual ? 'a year' : 'a month'}.
            </p>
            {bill.numberPastLimit > 0 && <p className="field__error">{bill.numberPastLimit} over your plan's limit of team members.</p>}
            {!bill.hasAccountThatAllowsAddons && <p className="field__error">{teamMessages.needsPlan}</p>}
            {[...failures].map(([email, failure]) => (
              <p key={email} className="field__error">
                {email}: {failure}
              </p>
            ))}
          </div>
        )}
        {billingError && (
          <div role="alert" className="alert alert--error">
            <p>We could not charge your card for the new users. Update your payment card and try again.</p>
          </div>
        )}
        {results.some((item) => item.isSuccessful) && (
          <p role="status">
            Added {results.filter((item) => item.isSuccessful).map((item) => item.email).join(', ')}. They will get an e-mail to choose a password.
            {charged && (
              <>
                {' '}
                Your card was charged for the new seats; the receipt was e-mailed to you and is under <Link to="/account/receipts">Receipts</Link>.
              </>
            )}
          </p>
        )}
        <button type="button" className="button button--primary" disabled={sending || tags.length === 0} onClick={add}>
          {sending ? 'Adding…' : 'Add'}
        </button>
      </div>
      {removeError && (
        <div role="alert" className="alert alert--error">
          <p>{removeError}</p>
        </div>
      )}
      <table className="table">
        <thead>
          <tr>
            <th>E-mail</th>
            <th>Added</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {children.length === 0 && (
            <tr>
              <td colSpan={3}>No team members yet.</td>
            </tr>
          )}
          {children.map((child) => (
            <tr key={child.id}>
              <td>{child.email}</td>
              <td>{new Date(child.createdAt).toLocaleDateString('en-US')}</td>
              <td>
                {confirming === child.id ? (
                  <span role="dialog" aria-label="Confirm removal">
                    Are you absolutely sure?{' '}
                    <button type="button" className="button" onClick={() => setConfirming(null)}>
                      Cancel
                    </button>{' '}
                    <button type="button" className="button button--danger" disabled={sending} onClick={() => remove(child.id)}>
                      {sending ? <Spinner size="x-small" label="Removing" /> : 'Remove'}
                    </button>
                  </span>
                ) : (
                  <button type="button" className="button" onClick={() => setConfirming(child.id)}>
                    Remove
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
