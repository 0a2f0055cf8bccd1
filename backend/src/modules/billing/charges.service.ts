import { Inject, Injectable, Logger } from '@nestjs/common';
import { billingMessages, detectCardType, lastFourOf, type AnalyticsPlanLabel, type Environment } from '@serpwise/contracts';
import { BillingRepository, type ReceiptRecord, type UserRecord } from '@serpwise/database';
import { receiptMail } from '@serpwise/domain';
import { AnalyticsRecorder, ENVIRONMENT, Mailer, PaymentGateway, type CardDetails, type ChargeResult, type PaymentSource } from '@serpwise/platform';

/**
 * Charges an account owner through the PaymentGateway; every charge leaves a receipt row, approved or declined, and
 * an approved one is e-mailed to the owner as its receipt (docs/decisions.md issue 24).
 */
@Injectable()
export class Charges {
  private readonly logger = new Logger(Charges.name);

  constructor(
    private readonly billing: BillingRepository,
    private readonly gateway: PaymentGateway,
    private readonly mailer: Mailer,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
    private readonly analytics: AnalyticsRecorder,
  ) {}

  /**
   * Charges the owner and writes the receipt (its id comes back); the stored card is used when no card is given. An
   * approved charge is the analytics event Acct_Billed, labelled with what was bought.
   */
  async charge(owner: UserRecord, amountCents: number, description: string, card?: CardDetails, billedFor: AnalyticsPlanLabel = 'Other'): Promise<ChargeResult & { receiptId: string | null }> {
    let source: PaymentSource;
    let cardType: string | null;
    let lastFour: string | null;
    if (card) {
      source = { card };
      cardType = detectCardType(card.number);
      lastFour = lastFourOf(card.number);
    } else {
      const stored = await this.billing.findCard(owner.id);
      if (!stored) return { approved: false, transactionId: null, declineReason: billingMessages.noCard, cardToken: null, receiptId: null };
      source = { token: stored.gatewayToken };
      cardType = stored.cardType;
      lastFour = stored.lastFour;
    }
    const result = await this.gateway.charge(amountCents, source, description);
    const receipt = await this.billing.addReceipt({
      userId: owner.id,
      description,
      amountCents,
      status: result.approved ? 'approved' : 'declined',
      cardType,
      lastFour,
      transactionId: result.transactionId,
      declineReason: result.approved ? null : result.declineReason,
    });
    if (result.approved) {
      this.analytics.record('Acct_Billed', billedFor);
      await this.mailReceipt(owner, receipt);
    }
    return { ...result, receiptId: receipt.id };
  }

  /** The payment went through whatever happens to the mail: a failed send is logged, never turned into an error. */
  private async mailReceipt(owner: UserRecord, receipt: ReceiptRecord): Promise<void> {
    try {
      await this.mailer.send(receiptMail(receipt, owner.email, { publicUrl: this.environment.PUBLIC_URL, isSandbox: this.gateway.isSandbox }));
    } catch (error) {
      this.logger.error(`The receipt e-mail ${receipt.id} could not be sent: ${(error as Error).message}`);
    }
  }
}
