import { Inject, Injectable } from '@nestjs/common';
import { billingMessages, type Environment, type ReceiptDetail, type ReceiptSummary } from '@serpwise/contracts';
import { BillingRepository, type ReceiptRecord, type UserRecord } from '@serpwise/database';
import { receiptMail } from '@serpwise/domain';
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
    const receipt = await this.billing.findReceipt(owner.id, id);
    if (!receipt) throw new BillingRefusal(404, [billingMessages.receiptNotFound]);
    await this.mailer.send(receiptMail(receipt, owner.email, { publicUrl: this.environment.PUBLIC_URL, isSandbox: this.gateway.isSandbox }));
    return { sentTo: owner.email };
  }
}
