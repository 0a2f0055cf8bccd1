import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  isValidEmail,
  normalizeEmail,
  plans,
  seatPriceCents,
  teamMessages,
  type AddChildResult,
  type ChildAccountSummary,
  type EmailValidationResult,
  type Environment,
  type PlanId,
  type TeamBillingInfo,
} from '@serpwise/contracts';
import { BillingRepository, PasswordResetRepository, UserRepository, type UserRecord } from '@serpwise/database';
import { randomBytes } from 'node:crypto';
import { ENVIRONMENT, Mailer } from '@serpwise/platform';
import { PasswordHasher } from '../auth/password-hasher.js';
import { BillingRefusal } from './billing-refusal.js';
import { Charges } from './charges.service.js';
import { statusOf, unusedCents } from './subscription-state.js';

/** How long the set-password link of a new team member works. */
const setPasswordLinkMinutes = 7 * 24 * 60;

interface Preview {
  info: TeamBillingInfo;
  /** The addresses that would be added (valid, new, within the plan's limit), normalised. */
  accepted: string[];
  amountCents: number;
}

/**
 * Team management (docs/product/account-exports-reports.md §3, §4, §7): the account owner adds child accounts, each a paid seat charged pro rata for
 * the rest of the current period, and removes them. Children log in with their own e-mail and use the owner's plan.
 */
@Injectable()
export class TeamService {
  private readonly logger = new Logger(TeamService.name);

  constructor(
    private readonly users: UserRepository,
    private readonly billingRepository: BillingRepository,
    private readonly charges: Charges,
    private readonly resets: PasswordResetRepository,
    private readonly hasher: PasswordHasher,
    private readonly mailer: Mailer,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  async list(owner: UserRecord): Promise<ChildAccountSummary[]> {
    return (await this.users.listChildren(owner.id)).map((child) => ({
      id: child.id,
      email: child.email,
      createdAt: child.createdAt.toISOString(),
      lastLoginAt: child.lastLoginAt?.toISOString() ?? null,
    }));
  }

  async previewBill(owner: UserRecord, emails: string[]): Promise<TeamBillingInfo> {
    return (await this.preview(owner, emails)).info;
  }

  private async preview(owner: UserRecord, rawEmails: string[]): Promise<Preview> {
    const subscription = await this.billingRepository.findSubscription(owner.id);
    const children = await this.users.listChildren(owner.id);
    const allowsAddons = Boolean(subscription && statusOf(subscription) === 'active');
    const plan = plans[(subscription?.plan as PlanId) ?? 'basic'] ?? plans.basic;
    const isAnnual = subscription?.billing === 'annual';
    const seatCents = subscription?.seatAmountCents ?? seatPriceCents(isAnnual ? 'annual' : 'monthly');

    const seen = new Set<string>();
    const validationResults: EmailValidationResult[] = [];
    const valid: string[] = [];
    for (const raw of rawEmails) {
      const email = normalizeEmail(raw);
      if (!email) continue;
      let failure: string | null = null;
      if (!isValidEmail(email)) failure = teamMessages.invalidEmail;
      else if (seen.has(email)) failure = teamMessages.listedTwice;
      else if (await this.users.findByEmail(email)) failure = teamMessages.emailTaken;
      seen.add(email);
      if (!failure && !allowsAddons) failure = teamMessages.needsPlan;
      validationResults.push({ email, isValid: failure === null, failure });
      if (failure === null) valid.push(email);
    }
    const room = Math.max(0, plan.maxTeamMembers - children.length);
    const numberPastLimit = Math.max(0, valid.length - room);
    const accepted = valid.slice(0, room);
    for (const result of validationResults) {
      if (result.isValid && !accepted.includes(result.email)) Object.assign(result, { isValid: false, failure: teamMessages.pastLimit });
    }
    const perSeatNow = subscription && allowsAddons ? unusedCents(subscription, seatCents) : 0;
    const amountCents = perSeatNow * accepted.length;
    return {
      accepted,
      amountCents,
      info: {
        currentAmount: amountCents / 100,
        recurringAmountPerUser: seatCents / 100,
        isAnnual,
        validationResults,
        numberPastLimit,
        currentNumberOfChildren: children.length,
        hasAccountThatAllowsAddons: allowsAddons,
      },
    };
  }

  /** Adds the accepted addresses after charging their seats; when the charge fails, nobody is added. */
  async add(owner: UserRecord, emails: string[]): Promise<AddChildResult[]> {
    const { info, accepted, amountCents } = await this.preview(owner, emails);
    const failed = (failure: string) => info.validationResults.map((result) => ({ email: result.email, isSuccessful: false, failure: result.failure ?? failure }));
    if (accepted.length === 0) return failed(teamMessages.pastLimit);

    if (amountCents > 0) {
      const description = `Serpwise team: ${accepted.length} team member${accepted.length === 1 ? '' : 's'} (${accepted.join(', ')}), pro rata to the end of the period`;
      const charge = await this.charges.charge(owner, amountCents, description, undefined, 'Team seat');
      if (!charge.approved) return failed(teamMessages.billingUnsuccessful).map((item) => (accepted.includes(item.email) ? { ...item, failure: teamMessages.billingUnsuccessful } : item));
    }

    const seatShareCents = Math.round(amountCents / accepted.length);
    const results: AddChildResult[] = [];
    for (const result of info.validationResults) {
      if (!accepted.includes(result.email)) {
        results.push({ email: result.email, isSuccessful: false, failure: result.failure });
        continue;
      }
      const child = await this.users.create({
        email: result.email,
        passwordHash: await this.hasher.hash(randomBytes(24).toString('base64url')),
        roles: [],
        parentUserId: owner.id,
        shouldShowOnboarding: false,
      });
      if (!child) {
        results.push({ email: result.email, isSuccessful: false, failure: teamMessages.emailTaken });
        continue;
      }
      await this.sendInvitation(owner, child);
      results.push({ email: child.email, isSuccessful: true, failure: null, id: child.id, amountCharged: seatShareCents / 100 });
    }
    return results;
  }

  private async sendInvitation(owner: UserRecord, child: UserRecord) {
    const token = await this.resets.create(child.id, setPasswordLinkMinutes);
    const link = `${this.environment.PUBLIC_URL}/auth/resetpassword?token=${encodeURIComponent(token)}`;
    await this.mailer.send({
      to: child.email,
      subject: 'You have been added to a Serpwise team',
      text: [
        `${owner.name ?? owner.email} added you to their Serpwise account.`,
        '',
        'Choose your password here (the link works once, for 7 days):',
        link,
        '',
        `Then log in with this e-mail address (${child.email}).`,
      ].join('\n'),
    });
    this.logger.log(`team member ${child.id} added to account ${owner.id}`);
  }

  async remove(owner: UserRecord, childId: string): Promise<void> {
    const removed = await this.users.deleteChild(owner.id, childId);
    if (!removed) throw new BillingRefusal(404, [teamMessages.childRemovalFailed]);
  }
}
