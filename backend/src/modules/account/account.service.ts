import { Injectable } from '@nestjs/common';
import {
  accountMessages,
  accountSettingsMessages,
  apiMonthlyCallLimitOf,
  authMessages,
  hasFullPlan,
  isAcceptablePassword,
  isClientUserAttribute,
  isValidEmail,
  maxDisplayNameLength,
  normalizeEmail,
  parseRequestedKeywords,
  requestedKeywordStatuses,
  type AccountInfo,
  type ApiMonthlyUsage,
  type ContactInfo,
  type GeneratedApiKey,
  type RedeemedBundle,
  type RequestedKeywordsAnswer,
  type UserApiInfo,
} from '@serpwise/contracts';
import {
  AccountContactRepository,
  ApiKeyRepository,
  BundleRepository,
  RequestedKeywordRepository,
  SessionRepository,
  UserRepository,
} from '@serpwise/database';
import { randomBytes } from 'node:crypto';
import { Mailer } from '@serpwise/platform';
import { planEndsAtAttribute } from '@serpwise/domain';
import { AuthRefusal } from '../auth/auth-refusal.js';
import { PasswordHasher } from '../auth/password-hasher.js';
import type { Identity, RequestSession } from '../sessions/request-session.js';
import { RequestedKeywordFetches } from './requested-keyword-fetches.js';

/** The later of an ISO moment (maybe absent) and a date, as ISO. */
const laterOf = (iso: string | undefined, date: Date) => new Date(Math.max(iso ? Date.parse(iso) || 0 : 0, date.getTime())).toISOString();

const ok = { isSuccessful: true as const, errors: [] as [] };
const emptyContactInfo: ContactInfo = {
  firstName: '',
  lastName: '',
  company: '',
  phone: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  region: '',
  postalCode: '',
  country: '',
};

/** Account settings (docs/product/account-exports-reports.md §2, §5, §7): every call acts on the caller's own account, never on another. */
@Injectable()
export class AccountService {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionRepository,
    private readonly hasher: PasswordHasher,
    private readonly requestedKeywords: RequestedKeywordRepository,
    private readonly apiKeys: ApiKeyRepository,
    private readonly bundles: BundleRepository,
    private readonly contacts: AccountContactRepository,
    private readonly mailer: Mailer,
    private readonly fetches: RequestedKeywordFetches,
  ) {}

  async changeDisplayName(identity: Identity, raw: string) {
    const name = raw.trim().replace(/\s+/g, ' ');
    if (!name) throw new AuthRefusal(400, [accountSettingsMessages.displayNameRequired]);
    if (name.length > maxDisplayNameLength) throw new AuthRefusal(400, [accountSettingsMessages.displayNameTooLong]);
    await this.users.setName(identity.user.id, name);
    return { data: { ...ok, displayName: name } };
  }

  /** A child account changes its own address (docs/product/account-exports-reports.md §4 Team). */
  async changeEmail(identity: Identity, raw: string) {
    const email = normalizeEmail(raw);
    if (!isValidEmail(email)) throw new AuthRefusal(400, [accountMessages.invalidEmail]);
    if (email === identity.user.email) return { data: { ...ok, email } };
    if (!(await this.users.setEmail(identity.user.id, email))) throw new AuthRefusal(409, [accountMessages.duplicateEmail]);
    // The old address hears about it, so a take-over through a stolen session does not go unnoticed.
    await this.mailer
      .send({
        to: identity.user.email,
        subject: 'Your Serpwise email address was changed',
        text: `The email address of your Serpwise account was changed from ${identity.user.email} to ${email}.\n\nIf you did not do this, reply to this message or contact support at once.`,
      })
      .catch(() => undefined);
    return { data: { ...ok, email } };
  }

  /** Needs the current password; ends every other session of the user after the change. */
  async changePassword(session: RequestSession, identity: Identity, input: { newPassword: string; currentPassword: string; confirmPassword?: string }) {
    const errors = [
      ...(isAcceptablePassword(input.newPassword) ? [] : [accountMessages.passwordTooShort]),
      ...(input.confirmPassword !== undefined && input.confirmPassword !== input.newPassword ? [authMessages.passwordsDiffer] : []),
    ];
    if (errors.length) throw new AuthRefusal(400, errors);
    if (!(await this.hasher.verify(identity.user.passwordHash, input.currentPassword))) {
      throw new AuthRefusal(400, [accountSettingsMessages.currentPasswordWrong]);
    }
    await this.users.setPasswordHash(identity.user.id, await this.hasher.hash(input.newPassword));
    const endedSessions = await this.sessions.killAllOf(identity.user.id, session.id);
    return { data: { ...ok, endedSessions } };
  }

  async accountInfo(identity: Identity): Promise<AccountInfo> {
    const { user, parent } = identity;
    const planExpiresAt = await this.bundles.planExpiresAt(parent?.id ?? user.id);
    return {
      id: user.id,
      email: user.email,
      name: user.name,
      username: user.username,
      isChildAccount: parent !== null,
      parentEmail: parent?.email ?? null,
      createdAt: user.createdAt.toISOString(),
      termsAcceptedAt: user.termsAcceptedAt?.toISOString() ?? null,
      isFullUser: hasFullPlan(identity.planRoles),
      planExpiresAt: planExpiresAt?.toISOString() ?? null,
    };
  }

  async acceptTerms(identity: Identity) {
    await this.users.acceptTerms(identity.user.id);
    const user = await this.users.findById(identity.user.id);
    return { data: { ...ok, termsAcceptedAt: user?.termsAcceptedAt?.toISOString() ?? null } };
  }

  async apiInfo(identity: Identity): Promise<UserApiInfo> {
    const key = await this.apiKeys.find(identity.user.id);
    const usage = await this.apiKeys.monthlyUsage(identity.user.id, 1);
    return {
      hasApiKey: key !== null,
      apiKeyPrefix: key?.keyPrefix ?? null,
      createdAt: key?.createdAt.toISOString() ?? null,
      monthlyLimit: apiMonthlyCallLimitOf(identity.planRoles),
      currentMonthUsage: usage.at(-1)?.calls ?? 0,
    };
  }

  async monthlyUsage(identity: Identity): Promise<{ monthlyLimit: number; months: ApiMonthlyUsage[] }> {
    return { monthlyLimit: apiMonthlyCallLimitOf(identity.planRoles), months: await this.apiKeys.monthlyUsage(identity.user.id, 12) };
  }

  /** A new random key replaces the old one; only its hash and prefix are kept, so this answer is the one chance to copy it. */
  async generateApiKey(identity: Identity): Promise<GeneratedApiKey> {
    const apiKey = `sw_${randomBytes(24).toString('base64url')}`;
    const prefix = apiKey.slice(0, 10);
    const stored = await this.apiKeys.replace(identity.user.id, apiKey, prefix);
    return { apiKey, apiKeyPrefix: stored.keyPrefix, createdAt: stored.createdAt.toISOString() };
  }

  async revokeApiKey(identity: Identity) {
    return { data: { ...ok, revoked: await this.apiKeys.revoke(identity.user.id) } };
  }

  async requestedKeywordsOf(identity: Identity): Promise<RequestedKeywordsAnswer> {
    const counts = await this.requestedKeywords.counts(identity.user.id);
    const recent = await this.requestedKeywords.listRecent(identity.user.id, 200);
    return {
      // The three documented statuses always; 'failed' only when some request failed.
      keywordStatuses: [...requestedKeywordStatuses, ...(counts.failed ? (['failed'] as const) : [])].map((status) => ({ status, count: counts[status] })),
      keywords: recent.map((row) => ({ term: row.term, status: row.status, requestedAt: row.requestedAt.toISOString(), failureReason: row.failureReason })),
      fetchJobId: await this.fetches.running(identity.user.id),
    };
  }

  /** Stores the requests; when some are queued, a fetch job takes them (queued → processing → ready or failed). */
  async addRequestedKeywords(identity: Identity, session: { id: string }, termsCsv: string) {
    const terms = parseRequestedKeywords(termsCsv);
    if (terms.length === 0) throw new AuthRefusal(400, [accountSettingsMessages.requestedKeywordsEmpty]);
    const added = await this.requestedKeywords.add(identity.user.id, terms);
    if (await this.requestedKeywords.hasQueued(identity.user.id)) await this.fetches.start({ userId: identity.user.id, sessionId: session.id });
    return { data: { ...ok, added, ...(await this.requestedKeywordsOf(identity)) } };
  }

  async emailAddresses(identity: Identity) {
    return { emails: await this.contacts.emailAddresses(identity.user.id) };
  }

  async setEmailAddresses(identity: Identity, raw: string[]) {
    const emails = [...new Set(raw.map(normalizeEmail).filter(Boolean))];
    const invalid = emails.filter((email) => !isValidEmail(email));
    if (invalid.length) throw new AuthRefusal(400, invalid.map((email) => `${accountMessages.invalidEmail}: ${email}`));
    await this.contacts.setEmailAddresses(identity.user.id, emails);
    return { data: { ...ok, emails } };
  }

  async contactInfo(identity: Identity): Promise<ContactInfo> {
    return { ...emptyContactInfo, ...((await this.contacts.contactInfo(identity.user.id)) ?? {}) };
  }

  async setContactInfo(identity: Identity, info: ContactInfo) {
    const trimmed = Object.fromEntries(Object.entries(info).map(([key, value]) => [key, value.trim()])) as ContactInfo;
    await this.contacts.setContactInfo(identity.user.id, trimmed);
    return { data: { ...ok, contactInfo: trimmed } };
  }

  userAttribute(identity: Identity, name: string) {
    if (!isClientUserAttribute(name)) throw new AuthRefusal(400, [accountSettingsMessages.attributeNotAllowed]);
    return { name, value: identity.user.attributes[name] ?? null };
  }

  async setUserAttribute(identity: Identity, name: string, value: string | null) {
    if (!isClientUserAttribute(name)) throw new AuthRefusal(400, [accountSettingsMessages.attributeNotAllowed]);
    await this.users.setAttribute(identity.user.id, name, value);
    return { data: { ...ok, name, value } };
  }

  /** A bundle grants its role to the account owner (a child account uses its parent's plan, so only owners redeem). */
  async redeemBundle(identity: Identity, code: string): Promise<{ data: typeof ok & RedeemedBundle }> {
    const result = await this.bundles.redeem(identity.user.id, code);
    if (result === 'invalid') throw new AuthRefusal(400, [accountSettingsMessages.bundleInvalid]);
    if (result === 'used') throw new AuthRefusal(409, [accountSettingsMessages.bundleUsed]);
    const roles = identity.user.roles.filter((role) => role !== 'free');
    if (!roles.includes(result.grantedRole)) roles.push(result.grantedRole);
    await this.users.setRoles(identity.user.id, roles);
    // The bundle's months end the plan like a cancelled subscription does (plan-access.ts), unless a running
    // subscription already pays for it: that one keeps the plan without an end.
    const paidWithoutEnd = identity.user.roles.includes('full') && !identity.user.attributes[planEndsAtAttribute];
    if (!paidWithoutEnd) await this.users.setAttribute(identity.user.id, planEndsAtAttribute, laterOf(identity.user.attributes[planEndsAtAttribute], result.planExpiresAt));
    return { data: { ...ok, code: result.code, grantedRole: result.grantedRole, months: result.months, expiresAt: result.planExpiresAt.toISOString() } };
  }
}
