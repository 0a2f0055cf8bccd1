import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import {
  cancellationSurveySchema,
  changePaymentInfoSchema,
  productQuerySchema,
  reactivateQuerySchema,
  receiptQuerySchema,
  receiptsQuerySchema,
  uncancellationSchema,
  type ChangePaymentInfoRequest,
} from '@serpwise/contracts';
import type { z } from 'zod';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Access } from '../access/access.decorator.js';
import { CurrentIdentity, type Identity } from '../sessions/request-session.js';
import { succeeded } from './billing-refusal.js';
import { PaymentCardService } from './payment-card.service.js';
import { ReceiptsService } from './receipts.service.js';
import { SubscriptionsService } from './subscriptions.service.js';
import { ChangesState } from '../sessions/csrf.guard.js';


/**
 * The documented account billing calls (docs/product/account-exports-reports.md §7): payment card, subscription, receipts. Only the account owner
 * has billing: a child account gets 403 (Access 'parent').
 */
@Access('parent')
@Controller()
export class AccountBillingController {
  constructor(
    private readonly card: PaymentCardService,
    private readonly subscriptions: SubscriptionsService,
    private readonly receiptBook: ReceiptsService,
  ) {}

  @Get('NsaApi/Account/GetBillingInfo')
  billingInfo(@CurrentIdentity() identity: Identity) {
    return this.card.billingInfo(identity.user);
  }

  @Post('Endpoints/AccountApi/JsonChangePaymentInfo')
  @HttpCode(200)
  async changePaymentInfo(@CurrentIdentity() identity: Identity, @Body(new ZodValidationPipe(changePaymentInfoSchema)) body: ChangePaymentInfoRequest) {
    return succeeded({ billingInfo: await this.card.changePaymentInfo(identity.user, body) });
  }

  @Get('NsaApi/Account/GetSubscriptionList')
  subscriptionList(@CurrentIdentity() identity: Identity) {
    return this.subscriptions.list(identity.user);
  }

  @Get('NsaApi/Account/GetPauseSubscription')
  @ChangesState()
  async pause(@CurrentIdentity() identity: Identity, @Query(new ZodValidationPipe(productQuerySchema)) query: z.infer<typeof productQuerySchema>) {
    return succeeded({ subscription: await this.subscriptions.pause(identity.user, query.productId) });
  }

  @Get('NsaApi/Account/GetUnpauseSubscription')
  @ChangesState()
  async unpause(@CurrentIdentity() identity: Identity, @Query(new ZodValidationPipe(productQuerySchema)) query: z.infer<typeof productQuerySchema>) {
    return succeeded({ subscription: await this.subscriptions.unpause(identity.user, query.productId) });
  }

  @Get('NsaApi/Account/GetReactivateSubscription')
  @ChangesState()
  async reactivate(@CurrentIdentity() identity: Identity, @Query(new ZodValidationPipe(reactivateQuerySchema)) query: z.infer<typeof reactivateQuerySchema>) {
    return succeeded({ subscription: await this.subscriptions.reactivate(identity.user, query.productId, query.couponCode) });
  }

  @Get('NsaApi/Account/GetCancelSubscription')
  @ChangesState()
  async cancel(@CurrentIdentity() identity: Identity, @Query(new ZodValidationPipe(productQuerySchema)) query: z.infer<typeof productQuerySchema>) {
    return succeeded({ subscription: await this.subscriptions.cancel(identity.user, query.productId) });
  }

  @Post('NsaApi/Account/SubmitUncancellationAction')
  @HttpCode(200)
  async uncancel(@CurrentIdentity() identity: Identity, @Body(new ZodValidationPipe(uncancellationSchema)) body: z.infer<typeof uncancellationSchema>) {
    return succeeded({ subscription: await this.subscriptions.uncancel(identity.user, body.productId) });
  }

  @Post('NsaApi/Account/SubmitCancellationSurvey')
  @HttpCode(200)
  async survey(@CurrentIdentity() identity: Identity, @Body(new ZodValidationPipe(cancellationSurveySchema)) body: z.infer<typeof cancellationSurveySchema>) {
    await this.subscriptions.cancellationSurvey(identity.user, body.productId, body.reason, body.comments);
    return succeeded({});
  }

  @Get('NsaApi/Account/GetReceiptsList')
  receipts(@CurrentIdentity() identity: Identity, @Query(new ZodValidationPipe(receiptsQuerySchema)) query: z.infer<typeof receiptsQuerySchema>) {
    return this.receiptBook.receipts(identity.user, query.includeDeclines === 'true');
  }

  @Get('NsaApi/Account/GetReceipt')
  receipt(@CurrentIdentity() identity: Identity, @Query(new ZodValidationPipe(receiptQuerySchema)) query: z.infer<typeof receiptQuerySchema>) {
    return this.receiptBook.receipt(identity.user, query.id);
  }

  @Get('Endpoints/AccountApi/GetSendReceipt')
  @ChangesState()
  async sendReceipt(@CurrentIdentity() identity: Identity, @Query(new ZodValidationPipe(receiptQuerySchema)) query: z.infer<typeof receiptQuerySchema>) {
    return succeeded(await this.receiptBook.sendReceipt(identity.user, query.id));
  }
}
