import { z } from 'zod';
import { cardTypes } from './card.js';

/**
 * Plans, prices, coupons and the billing/team payloads (docs/product/account-exports-reports.md §1, §3, §7, §9; docs/product/site.md §2). All amounts are in cents.
 * Undocumented choices (annual prices, seat price, team limits, coupon list) are in docs/decisions.md.
 */
export const defaultPurchaseId = 1139;
/** The purchase offers a purchase page may name; 1139 is the standard membership. */
export const purchaseIds = [defaultPurchaseId] as const;

export const planIds = ['basic', 'professional'] as const;
export type PlanId = (typeof planIds)[number];
export const billingPeriods = ['monthly', 'annual'] as const;
export type BillingPeriod = (typeof billingPeriods)[number];

export const planSchema = z.object({
  id: z.enum(planIds),
  name: z.string(),
  monthlyCents: z.number(),
  /** The price of a year paid at once. */
  annualCents: z.number(),
  trackedKeywords: z.number(),
  /** Team members (child accounts) the plan allows. */
  maxTeamMembers: z.number(),
});
export type Plan = z.infer<typeof planSchema>;

export const plans: Record<PlanId, Plan> = {
  // $39/month, or $396/year ($33/month: the 'membership from $33' price, saving $72).
  basic: { id: 'basic', name: 'Basic', monthlyCents: 3900, annualCents: 39600, trackedKeywords: 5000, maxTeamMembers: 5 },
  // $79/month, or $792/year ($66/month, saving $156).
  professional: { id: 'professional', name: 'Professional', monthlyCents: 7900, annualCents: 79200, trackedKeywords: 15000, maxTeamMembers: 20 },
};

export const annualSavingCents = (plan: Plan) => plan.monthlyCents * 12 - plan.annualCents;
export const periodPriceCents = (plan: Plan, billing: BillingPeriod) => (billing === 'annual' ? plan.annualCents : plan.monthlyCents);

/** Each team member (child account) costs $20 a month, $240 a year on annual billing. */
export const seatMonthlyCents = 2000;
export const seatPriceCents = (billing: BillingPeriod) => (billing === 'annual' ? seatMonthlyCents * 12 : seatMonthlyCents);

export const couponSchema = z.object({
  code: z.string(),
  /** Percent off the first payment. */
  percentOff: z.number(),
  description: z.string(),
});
export type Coupon = z.infer<typeof couponSchema>;

/** Coupon codes, matched case-insensitively. 'spring' is the partner offer of /capital-one-spring-member-offer. */
export const coupons: readonly Coupon[] = [
  { code: 'spring', percentOff: 20, description: '20% off your first payment (partner offer)' },
  { code: 'welcome10', percentOff: 10, description: '10% off your first payment' },
];

export const findCoupon = (code: string | null | undefined): Coupon | null =>
  code ? (coupons.find((coupon) => coupon.code === code.trim().toLowerCase()) ?? null) : null;

export const applyCoupon = (amountCents: number, coupon: Coupon | null) =>
  coupon ? Math.round((amountCents * (100 - coupon.percentOff)) / 100) : amountCents;

/** '$39', '$39.50'. */
export const formatDollars = (cents: number) => `$${(cents / 100).toFixed(cents % 100 === 0 ? 0 : 2)}`;

export const billingMessages = {
  invalidCoupon: 'That coupon code is not valid.',
  unknownPurchase: 'That purchase offer is not available.',
  alreadySubscribed: 'You already have an active subscription. Manage it on the Subscription page.',
  noSubscription: 'There is no subscription to change.',
  noCard: 'Add a payment card first.',
  declined: 'Your card was declined.',
  sandboxOnly: 'Sandbox payments only accept the test card numbers listed on this page.',
  notPaused: 'This subscription is not paused.',
  notActive: 'Only an active subscription can be paused or cancelled.',
  notCancelled: 'This subscription is not cancelled.',
  periodEnded: 'This subscription has ended. Reactivate it instead.',
  alreadyAnnual: 'Your subscription is already billed annually.',
  receiptNotFound: 'That receipt was not found.',
  subscriptionNotFound: 'That subscription was not found.',
} as const;

/** Texts of the team calls; childRemovalFailed and BillingUnsuccessful are documented (docs/product/account-exports-reports.md §8). */
export const teamMessages = {
  billingUnsuccessful: 'BillingUnsuccessful',
  childRemovalFailed: 'There was a problem removing the user.',
  invalidEmail: 'Please enter a valid email address',
  emailTaken: 'There is already an account associated with that email address.',
  listedTwice: 'This address is listed more than once.',
  pastLimit: 'Your plan does not allow more team members.',
  needsPlan: 'Team members need an active paid subscription.',
} as const;

// ---- Payloads ----

const cardNumber = z.string().min(1, 'Enter the card number.').max(40);
const trimmedText = (max: number) => z.string().max(max, `At most ${max} characters.`);

export const cardInputSchema = z
  .object({
    name: trimmedText(120),
    number: cardNumber,
    securityCode: trimmedText(8),
    expirationMonth: z.number().int(),
    expirationYear: z.number().int(),
  })
  .strict();
export type CardInput = z.infer<typeof cardInputSchema>;

export const purchaseRequestSchema = z
  .object({
    purchaseId: z.number().int().optional(),
    plan: z.enum(planIds),
    billing: z.enum(billingPeriods),
    couponCode: trimmedText(64).optional().nullable(),
    click: trimmedText(32).optional().nullable(),
    card: cardInputSchema,
  })
  .strict();
export type PurchaseRequest = z.infer<typeof purchaseRequestSchema>;

export const annualUpgradeRequestSchema = z.object({ clickType: trimmedText(32).optional().nullable() }).strict();

export const changePaymentInfoSchema = z
  .object({
    cardType: z.enum(cardTypes),
    cardNumber,
    cardName: trimmedText(120),
    expiration: trimmedText(16),
    securityCode: trimmedText(8).optional(),
    transactionOrigin: trimmedText(64).optional().nullable(),
  })
  .strict();
export type ChangePaymentInfoRequest = z.infer<typeof changePaymentInfoSchema>;

const productId = z.coerce.number().int().positive();
export const productQuerySchema = z.object({ productId }).strict();
export const reactivateQuerySchema = z.object({ productId, couponCode: trimmedText(64).optional() }).strict();
export const uncancellationSchema = z.object({ productId, action: trimmedText(64).optional() }).strict();
export const cancellationSurveySchema = z
  .object({ productId, reason: trimmedText(200).min(1, 'Choose a reason.'), comments: trimmedText(2000).optional().nullable() })
  .strict();
export const receiptsQuerySchema = z.object({ includeDeclines: z.enum(['true', 'false']).optional() }).strict();
export const receiptQuerySchema = z.object({ id: z.uuid({ message: 'The receipt id must be a UUID.' }) }).strict();

export const addChildrenSchema = z.object({ emails: z.array(trimmedText(254)).min(1, 'Enter at least one e-mail address.').max(50) }).strict();

// ---- Answers ----

export interface BillingInfo {
  ccLastFour: string | null;
  cardType: string | null;
  cardName: string | null;
  expiration: string | null;
}

export const subscriptionStatuses = ['active', 'paused', 'cancelled', 'expired'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

export const subscriptionSummarySchema = z.object({
  productId: z.number(),
  plan: z.enum(planIds),
  planName: z.string(),
  billing: z.enum(billingPeriods),
  status: z.enum(subscriptionStatuses),
  amountCents: z.number(),
  /** Recurring team seats on this subscription. */
  teamMembers: z.number(),
  seatAmountCents: z.number(),
  currentPeriodStart: z.string(),
  currentPeriodEnd: z.string(),
  /** Full access lasts until this moment when cancelled or paused. */
  accessEndsAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  pausedAt: z.string().nullable(),
  couponCode: z.string().nullable(),
});
export type SubscriptionSummary = z.infer<typeof subscriptionSummarySchema>;

export interface ReceiptSummary {
  id: string;
  createdAt: string;
  description: string;
  amountCents: number;
  status: 'approved' | 'declined';
  cardType: string | null;
  lastFour: string | null;
  transactionId: string | null;
  declineReason: string | null;
}

export interface ReceiptDetail extends ReceiptSummary {
  billedTo: { email: string; name: string | null };
}

export interface ChildAccountSummary {
  id: string;
  email: string;
  createdAt: string;
  lastLoginAt: string | null;
}

export interface EmailValidationResult {
  email: string;
  isValid: boolean;
  failure: string | null;
}

/** The documented billingInfo of the team calls (docs/product/account-exports-reports.md §3); amounts in dollars, like the page shows them. */
export interface TeamBillingInfo {
  currentAmount: number;
  recurringAmountPerUser: number;
  isAnnual: boolean;
  validationResults: EmailValidationResult[];
  numberPastLimit: number;
  currentNumberOfChildren: number;
  hasAccountThatAllowsAddons: boolean;
}

export interface AddChildResult {
  email: string;
  isSuccessful: boolean;
  failure: string | null;
  id?: string;
  /** Dollars charged for this seat now (pro rata); 0 when nothing was charged. The page says "receipt e-mailed" from this, not from the preview. */
  amountCharged?: number;
}

/** The sandbox gateway's test cards, shown next to the card form. */
export const sandboxTestCards = {
  approved: [
    { type: 'Visa', number: '4242 4242 4242 4242' },
    { type: 'MasterCard', number: '5555 5555 5555 4444' },
    { type: 'American Express', number: '3782 822463 10005' },
    { type: 'Discover', number: '6011 1111 1111 1117' },
  ],
  declined: [{ type: 'Visa', number: '4000 0000 0000 0002' }],
} as const;

const testCardSchema = z.object({ type: z.string(), number: z.string() }).readonly();

/** GET /rest/billing/plans: the plans and prices the purchase pages show, and whether payments are sandboxed. */
export const billingPlansAnswerSchema = z.object({
  defaultPurchaseId: z.number(),
  plans: z.array(planSchema.extend({ annualSavingCents: z.number() })),
  seatMonthlyCents: z.number(),
  isSandbox: z.boolean(),
  /** The sandbox gateway's test cards; null when payments are real. */
  sandboxTestCards: z.object({ approved: z.array(testCardSchema).readonly(), declined: z.array(testCardSchema).readonly() }).readonly().nullable(),
});
export type BillingPlansAnswer = z.infer<typeof billingPlansAnswerSchema>;

/** POST /rest/billing/coupon: the coupon, and how many codes exist. */
export const couponAnswerSchema = couponSchema.extend({ known: z.number() });
export type CouponAnswer = z.infer<typeof couponAnswerSchema>;

/** POST /rest/billing/purchase and /rest/billing/annual-upgrade: the subscription now, what was charged and its receipt. */
export const purchaseAnswerSchema = z.object({
  data: z.object({
    isSuccessful: z.literal(true),
    errors: z.array(z.string()),
    subscription: subscriptionSummarySchema,
    amountCents: z.number(),
    receiptId: z.string().nullable(),
  }),
});
export type PurchaseAnswer = z.infer<typeof purchaseAnswerSchema>;
