import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDollars, type ReceiptSummary } from '@serpwise/contracts';
import { SimpleTable, type SimpleColumn } from '@/components/ui/simple-table';
import { useReceipt, useReceipts, useSendReceipt } from '../api/billing-calls';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** /account/receipts: approved charges (declined ones on request), each with its printable page. */
export function ReceiptsPage() {
  const [includeDeclines, setIncludeDeclines] = useState(false);
  const { data, isPending } = useReceipts(includeDeclines);
  const send = useSendReceipt();
  const columns: SimpleColumn<ReceiptSummary>[] = [
    { header: 'Date', cell: (receipt) => day(receipt.createdAt) },
    { header: 'Description', cell: (receipt) => receipt.description },
    { header: 'Card', cell: (receipt) => (receipt.lastFour ? `${receipt.cardType ?? ''} …${receipt.lastFour}` : '') },
    { header: 'Amount', className: 'num', cell: (receipt) => formatDollars(receipt.amountCents) },
    { header: 'Status', cell: (receipt) => (receipt.status === 'approved' ? 'Paid' : `Declined: ${receipt.declineReason ?? ''}`) },
    {
      cell: (receipt) => (
        <>
          <a href={`/account/receipt?id=${receipt.id}`} target="_blank" rel="noreferrer">
            View
          </a>{' '}
          <button type="button" className="button button--link" disabled={send.isPending} onClick={() => send.mutate(receipt.id)}>
            E-mail
          </button>
        </>
      ),
    },
  ];
  return (
    <section>
      <h1>Receipts</h1>
      <label className="checkbox">
        <input type="checkbox" checked={includeDeclines} onChange={(event) => setIncludeDeclines(event.target.checked)} /> Show declined payments
      </label>
      {isPending ? (
        <p>Loading…</p>
      ) : !data?.length ? (
        <p>No receipts yet.</p>
      ) : (
        <SimpleTable className="table" columns={columns} rows={data} rowKey={(receipt) => receipt.id} />
      )}
      {send.isSuccess && <p role="status">Receipt sent to {send.data.data.sentTo}.</p>}
    </section>
  );
}

/** /account/receipt?id=…: one receipt on the bare layout, ready to print. */
export function ReceiptPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const { data, isPending, isError } = useReceipt(id);
  // Without an id nothing is asked (a query that never runs stays pending): there is no receipt to show.
  if (id && isPending) return <p className="receipt">Loading…</p>;
  if (!id || isError || !data)
    return (
      <p className="receipt">
        That receipt was not found. <Link to="/account/receipts">Back to receipts</Link>
      </p>
    );
  return (
    <article className="receipt">
      <h1>Serpwise receipt</h1>
      <dl>
        <dt>Receipt</dt>
        <dd>{data.id}</dd>
        <dt>Date</dt>
        <dd>{day(data.createdAt)}</dd>
        <dt>Billed to</dt>
        <dd>
          {data.billedTo.name ? `${data.billedTo.name}, ` : ''}
          {data.billedTo.email}
        </dd>
        <dt>Description</dt>
        <dd>{data.description}</dd>
        <dt>Card</dt>
        <dd>{data.lastFour ? `${data.cardType ?? ''} ending in ${data.lastFour}` : ''}</dd>
        <dt>Amount</dt>
        <dd>{formatDollars(data.amountCents)}</dd>
        <dt>Status</dt>
        <dd>{data.status === 'approved' ? 'Paid' : `Declined: ${data.declineReason ?? ''}`}</dd>
        <dt>Transaction</dt>
        <dd>{data.transactionId}</dd>
      </dl>
      <button type="button" className="button no-print" onClick={() => window.print()}>
        Print
      </button>
    </article>
  );
}
