import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import {
  annualSavingCents,
  annualUpgradeRequestSchema,
  coupons,
  defaultPurchaseId,
  findCoupon,
  plans,
  purchaseRequestSchema,
  sandboxTestCards,
  seatMonthlyCents,
  billingMessages,
  billingPlansAnswerSchema,
  couponAnswerSchema,
  purchaseAnswerSchema,
  type BillingPlansAnswer,
  type CouponAnswer,
  type PurchaseAnswer,
  type PurchaseRequest,
} from '@serpwise/contracts';
import { z } from 'zod';
import { ResponseSchema } from '../../common/route-response-schema.js';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Access } from '../access/access.decorator.js';
import { CurrentIdentity, type Identity } from '../sessions/request-session.js';
import { BillingRefusal, succeeded } from './billing-refusal.js';
import { Purchases } from './purchases.service.js';
import { PaymentGateway } from '@serpwise/platform';

const couponQuerySchema = z.object({ code: z.string().max(64) }).strict();

/** Serpwise's own purchase endpoints, used by /buy/register, /mainpurchase, /upgrade and /e. */
@Controller('rest/billing')
export class BillingController {
  constructor(
    private readonly purchases: Purchases,
    private readonly gateway: PaymentGateway,
  ) {}

  /** The plans and prices the purchase pages show, and whether payments are sandboxed. */
  @Access('public')
  @Get('plans')
  @ResponseSchema(billingPlansAnswerSchema)
  plans(): BillingPlansAnswer {
    return {
      defaultPurchaseId,
      plans: Object.values(plans).map((plan) => ({ ...plan, annualSavingCents: annualSavingCents(plan) })),
      seatMonthlyCents,
      isSandbox: this.gateway.isSandbox,
      sandboxTestCards: this.gateway.isSandbox ? sandboxTestCards : null,
    };
  }

  /** Checks a coupon code before paying (the code is checked again on purchase). */
  @Access('public')
  @Post('coupon')
  @HttpCode(200)
  @ResponseSchema(couponAnswerSchema)
  coupon(@Body(new ZodValidationPipe(couponQuerySchema)) body: { code: string }): CouponAnswer {
    const coupon = findCoupon(body.code);
    if (!coupon) throw new BillingRefusal(400, [billingMessages.invalidCoupon]);
    return { code: coupon.code, percentOff: coupon.percentOff, description: coupon.description, known: coupons.length };
  }

  @Access('parent')
  @Post('purchase')
  @HttpCode(200)
  @ResponseSchema(purchaseAnswerSchema)
  async purchase(@CurrentIdentity() identity: Identity, @Body(new ZodValidationPipe(purchaseRequestSchema)) body: PurchaseRequest): Promise<PurchaseAnswer> {
    return succeeded(await this.purchases.purchase(identity.user, body));
  }

  /** The one-click annual upgrade of /e/{clickType?}: the stored card pays. */
  @Access('parent')
  @Post('annual-upgrade')
  @HttpCode(200)
  @ResponseSchema(purchaseAnswerSchema)
  async annualUpgrade(@CurrentIdentity() identity: Identity, @Body(new ZodValidationPipe(annualUpgradeRequestSchema)) _body: z.infer<typeof annualUpgradeRequestSchema>): Promise<PurchaseAnswer> {
    return succeeded(await this.purchases.annualUpgrade(identity.user));
  }
}
