import { Injectable } from '@nestjs/common';
import {
  billingMessages,
  cardMessages,
  detectCardType,
  isExpired,
  isValidCardNumber,
  isValidSecurityCode,
  lastFourOf,
  parseExpiration,
  type BillingInfo,
  type ChangePaymentInfoRequest,
} from '@serpwise/contracts';
import { BillingRepository, type UserRecord } from '@serpwise/database';
import { AnalyticsRecorder, PaymentGateway, type CardDetails } from '@serpwise/platform';
import { BillingRefusal } from './billing-refusal.js';

/** The card on file of an account owner: shown without its number, replaced after the gateway accepts the new one. */
@Injectable()
export class PaymentCardService {
  constructor(
    private readonly billing: BillingRepository,
    private readonly gateway: PaymentGateway,
    private readonly analytics: AnalyticsRecorder,
  ) {}

  async billingInfo(owner: UserRecord): Promise<BillingInfo & { isSandbox: boolean }> {
    const card = await this.billing.findCard(owner.id);
    return {
      ccLastFour: card?.lastFour ?? null,
      cardType: card?.cardType ?? null,
      cardName: card?.cardName ?? null,
      expiration: card?.expiration ?? null,
      isSandbox: this.gateway.isSandbox,
    };
  }

  async changePaymentInfo(owner: UserRecord, request: ChangePaymentInfoRequest): Promise<BillingInfo> {
    const errors: string[] = [];
    const name = request.cardName.trim();
    if (!name) errors.push(cardMessages.nameRequired);
    if (!isValidCardNumber(request.cardNumber)) errors.push(cardMessages.numberInvalid);
    else if (!detectCardType(request.cardNumber)) errors.push(cardMessages.typeUnknown);
    else if (detectCardType(request.cardNumber) !== request.cardType) errors.push(cardMessages.typeMismatch);
    const expiration = parseExpiration(request.expiration);
    if (!expiration) errors.push(cardMessages.expirationInvalid);
    else if (isExpired(expiration.month, expiration.year)) errors.push(cardMessages.expired);
    if (request.securityCode !== undefined && !isValidSecurityCode(request.securityCode)) errors.push(cardMessages.securityCodeInvalid);
    if (errors.length) throw new BillingRefusal(400, errors);

    const card: CardDetails = { number: request.cardNumber, securityCode: request.securityCode, expiration: request.expiration.trim(), name };
    const saved = await this.gateway.saveCard(card);
    if (!saved.approved || !saved.cardToken) throw new BillingRefusal(402, [saved.declineReason ?? billingMessages.declined]);
    await this.billing.saveCard({
      userId: owner.id,
      cardType: request.cardType,
      lastFour: lastFourOf(request.cardNumber),
      expiration: card.expiration,
      cardName: name,
      gatewayToken: saved.cardToken,
    });
    this.analytics.record('Acct_CCInfo_Changed', request.cardType);
    return this.billingInfo(owner);
  }
}
