import { Injectable } from '@nestjs/common';
import { billingMessages, detectCardType, lastFourOf } from '@serpwise/contracts';
import { BillingRepository, type UserRecord } from '@serpwise/database';
import { PaymentGateway, type CardDetails, type ChargeResult, type PaymentSource } from '@serpwise/platform';

/** Charges an account owner through the PaymentGateway; every charge leaves a receipt row, approved or declined. */
@Injectable()
export class Charges {
  constructor(
    private readonly billing: BillingRepository,
    private readonly gateway: PaymentGateway,
  ) {}

  /** Charges the owner and writes the receipt; the stored card is used when no card is given. */
  async charge(owner: UserRecord, amountCents: number, description: string, card?: CardDetails): Promise<ChargeResult> {
    let source: PaymentSource;
    let cardType: string | null;
    let lastFour: string | null;
    if (card) {
      source = { card };
      cardType = detectCardType(card.number);
      lastFour = lastFourOf(card.number);
    } else {
      const stored = await this.billing.findCard(owner.id);
      if (!stored) return { approved: false, transactionId: null, declineReason: billingMessages.noCard, cardToken: null };
      source = { token: stored.gatewayToken };
      cardType = stored.cardType;
      lastFour = stored.lastFour;
    }
    const result = await this.gateway.charge(amountCents, source, description);
    await this.billing.addReceipt({
      userId: owner.id,
      description,
      amountCents,
      status: result.approved ? 'approved' : 'declined',
      cardType,
      lastFour,
      transactionId: result.transactionId,
      declineReason: result.approved ? null : result.declineReason,
    });
    return result;
  }
}
