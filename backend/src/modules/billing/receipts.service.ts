import { Inject, Injectable } from '@nestjs/common';
import { billingMessages, formatDollars, type Environment, type ReceiptDetail, type ReceiptSummary } from '@serpwise/contracts';
import { BillingRepository, type ReceiptRecord, type UserRecord } from '@serpwise/database';
import { ENVIRONMENT, Mailer, PaymentGateway } from '@serpwise/platform';
import { BillingRefusal } from './billing-refusal.js';

const toReceiptSummary = (receipt: ReceiptRecord): ReceiptSummary => ({
  id: receipt.id,
  createdAt: receipt.createdAt.toISOString(),
  description: receipt.description,
  amountCents: receipt.amountCents,
  status: receipt.status,
  cardType: receipt.cardType,
  lastFour: receipt.lastFour,
  transactionId: receipt.transactionId,
  declineReason: receipt.declineReason,
});

/** An owner's receipts (approved charges, and declined ones on request), one receipt, and a receipt by mail. */
@Injectable()
export class ReceiptsService {
  constructor(
    private readonly billing: BillingRepository,
    private readonly gateway: PaymentGateway,
    private readonly mailer: Mailer,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  async receipts(owner: UserRecord, includeDeclines: boolean): Promise<ReceiptSummary[]> {
    return (await this.billing.listReceipts(owner.id, includeDeclines)).map(toReceiptSummary);
  }

  async receipt(owner: UserRecord, id: string): Promise<ReceiptDetail> {
    const receipt = await this.billing.findReceipt(owner.id, id);
    if (!receipt) throw new BillingRefusal(404, [billingMessages.receiptNotFound]);
    return { ...toReceiptSummary(receipt), billedTo: { email: owner.email, name: owner.name } };
  }

  async sendReceipt(owner: UserRecord, id: string): Promise<{ sentTo: string }> {
    const receipt = await this.receipt(owner, id);
    const date = new Date(receipt.createdAt).toUTCString().slice(5, 16);
    await this.mailer.send({
      to: owner.email,
      subject: `Your Serpwise receipt of ${date}`,
      text: [
        `Receipt ${receipt.id}`,
        `Date: ${date}`,
        `Description: ${receipt.description}`,
        `Amount: ${formatDollars(receipt.amountCents)}`,
        `Status: ${receipt.status === 'approved' ? 'Paid' : `Declined (${receipt.declineReason ?? ''})`}`,
        `Card: ${receipt.cardType ?? ''} ending in ${receipt.lastFour ?? ''}`,
        this.gateway.isSandbox ? 'Sandbox payment: no real money was charged.' : '',
        '',
        `View or print it: ${this.environment.PUBLIC_URL}/account/receipt?id=${receipt.id}`,
      ].join('\n'),
    });
    return { sentTo: owner.email };
  }
}
