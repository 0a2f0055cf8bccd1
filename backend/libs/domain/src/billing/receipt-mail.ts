import { formatDollars } from '@serpwise/contracts';
import type { ReceiptRecord } from '@serpwise/database';
import type { MailMessage } from '@serpwise/platform';

export interface ReceiptMailContext {
  /** The site's address (PUBLIC_URL), for the link to the printable receipt. */
  publicUrl: string;
  isSandbox: boolean;
}

type ReceiptFields = Pick<ReceiptRecord, 'id' | 'createdAt' | 'description' | 'amountCents' | 'status' | 'cardType' | 'lastFour' | 'declineReason'>;

/** The address of a receipt's printable page (docs/product/account-exports-reports.md, /account/receipt). */
export const receiptPageUrl = (publicUrl: string, id: string) => `${publicUrl.replace(/\/+$/, '')}/account/receipt?id=${encodeURIComponent(id)}`;

/**
 * The receipt e-mail: sent by itself after every approved payment (purchase, upgrade, reactivation, seats, renewal;
 * docs/decisions.md issue 24) and again on request (Account → Receipts → E-mail). `lead` opens the message when the
 * mail also tells what happened (a renewal).
 */
export function receiptMail(receipt: ReceiptFields, to: string, context: ReceiptMailContext, lead: string[] = []): MailMessage {
  const date = receipt.createdAt.toUTCString().slice(5, 16);
  return {
    to,
    subject: `Your Serpwise receipt of ${date}`,
    text: [
      ...lead,
      ...(lead.length ? [''] : []),
      `Receipt ${receipt.id}`,
      `Date: ${date}`,
      `Description: ${receipt.description}`,
      `Amount: ${formatDollars(receipt.amountCents)}`,
      `Status: ${receipt.status === 'approved' ? 'Paid' : `Declined (${receipt.declineReason ?? ''})`}`,
      `Card: ${receipt.cardType ?? ''} ending in ${receipt.lastFour ?? ''}`,
      ...(context.isSandbox ? ['Sandbox payment: no real money was charged.'] : []),
      '',
      `View or print it: ${receiptPageUrl(context.publicUrl, receipt.id)}`,
    ].join('\n'),
  };
}
