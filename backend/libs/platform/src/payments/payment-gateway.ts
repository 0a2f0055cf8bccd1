import { billingMessages, detectCardType, lastFourOf, normalizeCardNumber, passesLuhn } from '@serpwise/contracts';
import { randomUUID } from 'node:crypto';

/** A card as typed on the form. It only passes through: nothing of it but the last four is ever stored. */
export interface CardDetails {
  number: string;
  securityCode?: string;
  /** MM/YY */
  expiration: string;
  name: string;
}

/** What to charge: a card just typed, or the gateway's reference to the card saved earlier. */
export type PaymentSource = { card: CardDetails } | { token: string };

export interface ChargeResult {
  approved: boolean;
  transactionId: string | null;
  declineReason: string | null;
  /** The gateway's reference to the card, to charge it again later (renewals, team seats, upgrades). */
  cardToken: string | null;
}

export interface SaveCardResult {
  approved: boolean;
  cardToken: string | null;
  declineReason: string | null;
}

/** The payments port. The default is the sandbox below; a real processor plugs in here. */
export abstract class PaymentGateway {
  /** Shown in the UI so nobody mistakes test payments for real ones. */
  abstract readonly isSandbox: boolean;
  /**
   * `idempotencyKey`, when given, names the charge: a real processor charges a key once however often it is sent
   * (renewals pass one per paid period).
   */
  abstract charge(amountCents: number, source: PaymentSource, description: string, idempotencyKey?: string): Promise<ChargeResult>;
  /** Checks a card and returns a reference to it, without charging (the change-card form). */
  abstract saveCard(card: CardDetails): Promise<SaveCardResult>;
}

type Behaviour = 'approve' | 'decline';

/** The documented sandbox test cards (also listed in @serpwise/contracts sandboxTestCards, for the UI). */
const testCards: Record<string, Behaviour> = {
  '4242424242424242': 'approve',
  '5555555555554444': 'approve',
  '378282246310005': 'approve',
  '6011111111111117': 'approve',
  '4000000000000002': 'decline',
};

const tokenPrefix = 'sandbox_card_';

/** The sandbox's stored-card reference for a test card number (demo data uses it to seed a card on file). */
export const sandboxCardToken = (testCardNumber: string) => `${tokenPrefix}${Object.keys(testCards).indexOf(testCardNumber)}`;

/**
 * Sandbox payments: approves the test cards, declines 4000 0000 0000 0002 with 'Your card was declined.', and
 * refuses every other number (a real card passing the Luhn check included) because the sandbox takes no real
 * money. Its card reference is the test number's position, never the number.
 */
export class SandboxPaymentGateway extends PaymentGateway {
  readonly isSandbox = true;

  private behaviourOf(source: PaymentSource): { behaviour: Behaviour | null; token: string | null; reason: string | null } {
    if ('token' in source) {
      const number = Object.keys(testCards)[Number(source.token.slice(tokenPrefix.length))];
      if (!source.token.startsWith(tokenPrefix) || !number) return { behaviour: null, token: null, reason: billingMessages.sandboxOnly };
      return { behaviour: testCards[number]!, token: source.token, reason: null };
    }
    const digits = normalizeCardNumber(source.card.number);
    const index = Object.keys(testCards).indexOf(digits);
    if (index >= 0) return { behaviour: testCards[digits]!, token: `${tokenPrefix}${index}`, reason: null };
    return {
      behaviour: null,
      token: null,
      reason: passesLuhn(digits) && detectCardType(digits) ? billingMessages.sandboxOnly : billingMessages.declined,
    };
  }

  async charge(amountCents: number, source: PaymentSource): Promise<ChargeResult> {
    const { behaviour, token, reason } = this.behaviourOf(source);
    const transactionId = `sandbox_${randomUUID()}`;
    if (behaviour === 'approve' && amountCents >= 0) return { approved: true, transactionId, declineReason: null, cardToken: token };
    return { approved: false, transactionId, declineReason: reason ?? billingMessages.declined, cardToken: null };
  }

  async saveCard(card: CardDetails): Promise<SaveCardResult> {
    const { behaviour, token, reason } = this.behaviourOf({ card });
    if (behaviour === 'approve') return { approved: true, cardToken: token, declineReason: null };
    return { approved: false, cardToken: null, declineReason: reason ?? billingMessages.declined };
  }
}

export const lastFour = (card: CardDetails) => lastFourOf(card.number);
