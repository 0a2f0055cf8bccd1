/**
 * The payment card rules (docs/product/account-exports-reports.md §5, docs/product/site.md §5), shared by the web card form and
 * the backend: type from the number prefix, 13-16 digits after stripping non-digits, a 3-4 digit security code,
 * expiration sent as MM/YY, and an expiration year list of 15 years starting from the previous year.
 */
export const cardTypes = ['Visa', 'MasterCard', 'Discover', 'American Express'] as const;
export type CardType = (typeof cardTypes)[number];

export const minCardDigits = 13;
export const maxCardDigits = 16;
export const expirationYearCount = 15;

/** Non-digits (spaces, dashes) are stripped from the number. */
export const normalizeCardNumber = (value: string) => value.replace(/\D/g, '');

/** 4 Visa; 22-27 or 51-55 MasterCard; 6011 Discover; 34 or 37 American Express; null when no prefix matches. */
export function detectCardType(value: string): CardType | null {
  const digits = normalizeCardNumber(value);
  if (digits.startsWith('4')) return 'Visa';
  const two = Number(digits.slice(0, 2));
  if (digits.length >= 2 && ((two >= 22 && two <= 27) || (two >= 51 && two <= 55))) return 'MasterCard';
  if (digits.startsWith('6011')) return 'Discover';
  if (digits.startsWith('34') || digits.startsWith('37')) return 'American Express';
  return null;
}

/** Digits only, 13 to 16 of them (after stripping non-digits). */
export function isValidCardNumber(value: string): boolean {
  const digits = normalizeCardNumber(value);
  return digits.length >= minCardDigits && digits.length <= maxCardDigits;
}

/** The Luhn checksum: not a documented form rule, used by the gateway to tell a mistyped number from a real one. */
export function passesLuhn(value: string): boolean {
  const digits = normalizeCardNumber(value);
  if (digits.length === 0) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export const isValidSecurityCode = (value: string) => /^\d{3,4}$/.test(value.trim());

export const isValidExpirationMonth = (month: number) => Number.isInteger(month) && month >= 1 && month <= 12;

/** The expiration years offered: 15 years starting from the previous year. */
export function expirationYears(now: Date = new Date()): number[] {
  const first = now.getFullYear() - 1;
  return Array.from({ length: expirationYearCount }, (_, index) => first + index);
}

/** MM/YY, as the expiration is sent. */
export const formatExpiration = (month: number, year: number) => `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;

/** Reads MM/YY back into a month and a four-digit year; null when malformed. */
export function parseExpiration(value: string): { month: number; year: number } | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const month = Number(match[1]);
  if (!isValidExpirationMonth(month)) return null;
  return { month, year: 2000 + Number(match[2]) };
}

/** A card is usable through the last day of its expiration month. */
export function isExpired(month: number, year: number, now: Date = new Date()): boolean {
  return year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1);
}

export const lastFourOf = (value: string) => normalizeCardNumber(value).slice(-4);

/** The card form's messages (the documents give the rules, not the texts; docs/decisions.md). */
export const cardMessages = {
  nameRequired: 'Enter the name on the card.',
  numberInvalid: 'Enter a card number of 13 to 16 digits.',
  typeUnknown: 'We accept Visa, MasterCard, Discover and American Express.',
  typeMismatch: 'The card type does not match the card number.',
  securityCodeInvalid: 'Enter the 3 or 4 digit security code.',
  monthInvalid: 'Choose the expiration month.',
  yearInvalid: 'Choose the expiration year.',
  expirationInvalid: 'Enter the expiration as MM/YY.',
  expired: 'This card has expired.',
} as const;

export interface CardFormValues {
  name: string;
  number: string;
  securityCode: string;
  expirationMonth: number | null;
  expirationYear: number | null;
}

export type CardField = keyof CardFormValues;

/** Every problem of a filled-in card form, by field (empty when the card can be sent). */
export function validateCardForm(values: CardFormValues, now: Date = new Date()): Partial<Record<CardField, string>> {
  const errors: Partial<Record<CardField, string>> = {};
  if (!values.name.trim()) errors.name = cardMessages.nameRequired;
  if (!isValidCardNumber(values.number)) errors.number = cardMessages.numberInvalid;
  else if (!detectCardType(values.number)) errors.number = cardMessages.typeUnknown;
  if (!isValidSecurityCode(values.securityCode)) errors.securityCode = cardMessages.securityCodeInvalid;
  if (values.expirationMonth === null || !isValidExpirationMonth(values.expirationMonth)) errors.expirationMonth = cardMessages.monthInvalid;
  if (values.expirationYear === null || !expirationYears(now).includes(values.expirationYear)) errors.expirationYear = cardMessages.yearInvalid;
  else if (values.expirationMonth !== null && isExpired(values.expirationMonth, values.expirationYear, now)) errors.expirationMonth = cardMessages.expired;
  return errors;
}
