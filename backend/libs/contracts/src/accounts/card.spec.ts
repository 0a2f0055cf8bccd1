import { describe, expect, it } from '@jest/globals';
import {
  cardMessages,
  detectCardType,
  expirationYears,
  formatExpiration,
  isExpired,
  isValidCardNumber,
  isValidSecurityCode,
  normalizeCardNumber,
  parseExpiration,
  passesLuhn,
  validateCardForm,
} from './card.js';
import { applyCoupon, annualSavingCents, findCoupon, plans } from './billing.js';

describe('card type from the number prefix', () => {
  it.each([
    ['4242 4242 4242 4242', 'Visa'],
    ['4', 'Visa'],
    ['2221 0000 0000 0009', 'MasterCard'],
    ['2720 9900 0000 0000', 'MasterCard'],
    ['5105 1051 0510 5100', 'MasterCard'],
    ['5555-5555-5555-4444', 'MasterCard'],
    ['6011 1111 1111 1117', 'Discover'],
    ['3782 822463 10005', 'American Express'],
    ['3400 000000 00009', 'American Express'],
  ])('%s is %s', (number, type) => expect(detectCardType(number)).toBe(type));

  it.each(['', '21', '28', '50', '56', '6012', '35', '1234'])('%s has no type', (number) => expect(detectCardType(number)).toBeNull());
});

describe('card number', () => {
  it('strips non-digits', () => expect(normalizeCardNumber(' 4242-4242 4242.4242 ')).toBe('4242424242424242'));
  it('accepts 13 to 16 digits only', () => {
    expect(isValidCardNumber('4'.repeat(12))).toBe(false);
    expect(isValidCardNumber('4'.repeat(13))).toBe(true);
    expect(isValidCardNumber('4242 4242 4242 4242')).toBe(true);
    expect(isValidCardNumber('4'.repeat(17))).toBe(false);
    expect(isValidCardNumber('abcd')).toBe(false);
  });
  it('knows the Luhn checksum', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
  });
});

describe('security code and expiration', () => {
  it('takes 3 or 4 digits', () => {
    expect(isValidSecurityCode('123')).toBe(true);
    expect(isValidSecurityCode('1234')).toBe(true);
    expect(isValidSecurityCode('12')).toBe(false);
    expect(isValidSecurityCode('12345')).toBe(false);
    expect(isValidSecurityCode('12a')).toBe(false);
  });
  it('lists 15 years starting from the previous year', () => {
    const years = expirationYears(new Date(2026, 5, 1));
    expect(years).toHaveLength(15);
    expect(years[0]).toBe(2025);
    expect(years.at(-1)).toBe(2039);
  });
  it('formats and parses MM/YY', () => {
    expect(formatExpiration(3, 2027)).toBe('03/27');
    expect(formatExpiration(12, 2030)).toBe('12/30');
    expect(parseExpiration('03/27')).toEqual({ month: 3, year: 2027 });
    expect(parseExpiration('13/27')).toBeNull();
    expect(parseExpiration('3/27')).toBeNull();
  });
  it('treats a card as valid through its expiration month', () => {
    const now = new Date(2026, 5, 15);
    expect(isExpired(6, 2026, now)).toBe(false);
    expect(isExpired(5, 2026, now)).toBe(true);
    expect(isExpired(1, 2025, now)).toBe(true);
  });
});

describe('the card form', () => {
  const now = new Date(2026, 5, 15);
  it('has no errors for a good card', () => {
    expect(validateCardForm({ name: 'Ada', number: '4242 4242 4242 4242', securityCode: '123', expirationMonth: 12, expirationYear: 2028 }, now)).toEqual({});
  });
  it('names every bad field', () => {
    expect(validateCardForm({ name: ' ', number: '1234', securityCode: '1', expirationMonth: null, expirationYear: null }, now)).toEqual({
      name: cardMessages.nameRequired,
      number: cardMessages.numberInvalid,
      securityCode: cardMessages.securityCodeInvalid,
      expirationMonth: cardMessages.monthInvalid,
      expirationYear: cardMessages.yearInvalid,
    });
    expect(validateCardForm({ name: 'Ada', number: '9999 9999 9999 9999', securityCode: '123', expirationMonth: 1, expirationYear: 2026 }, now)).toEqual({
      number: cardMessages.typeUnknown,
      expirationMonth: cardMessages.expired,
    });
  });
});

describe('plans and coupons', () => {
  it('saves $72 a year on Basic', () => expect(annualSavingCents(plans.basic)).toBe(7200));
  it('finds spring case-insensitively and takes 20% off', () => {
    const spring = findCoupon(' Spring ');
    expect(spring?.percentOff).toBe(20);
    expect(applyCoupon(3900, spring)).toBe(3120);
    expect(findCoupon('nope')).toBeNull();
  });
});
