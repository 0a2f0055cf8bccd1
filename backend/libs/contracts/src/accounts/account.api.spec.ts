import { describe, expect, it } from '@jest/globals';
import { isClientUserAttribute, parseRequestedKeywords, setEmailAddressesSchema, textareaMaxMessage, toQuestionForm } from './account.api.js';

describe('toQuestionForm', () => {
  it.each([
    ['best running shoes', 'best running shoes?'],
    ['  is it safe  ', 'is it safe?'],
    ['why is the sky blue?', 'why is the sky blue?'],
    ['how to tie a tie', 'how to tie a tie'],
    ['How To Tie A Tie', 'How To Tie A Tie'],
    ['where to buy shoes', 'where to buy shoes'],
    ['when to plant tulips', 'when to plant tulips'],
    ['what to wear', 'what to wear'],
    ['who to call', 'who to call'],
    ['how much to tip', 'how much to tip'],
    ['how much does it cost', 'how much does it cost?'],
    ['howto guides', 'howto guides?'],
    ['', ''],
  ])('%j → %j', (input, expected) => expect(toQuestionForm(input)).toBe(expected));
});

describe('parseRequestedKeywords', () => {
  it('takes one keyword per line, trimmed, lower-cased, single-spaced, without blanks or repeats', () => {
    expect(parseRequestedKeywords('Running Shoes\r\n\n  trail   shoes \nrunning shoes\n   ')).toEqual(['running shoes', 'trail shoes']);
  });
});

describe('request form helpers', () => {
  it('words the textarea limit as documented', () => expect(textareaMaxMessage(1770)).toBe('The max number of characters is 1770'));
  it('accepts one or many emails parameters', () => {
    expect(setEmailAddressesSchema.parse({ emails: 'a@example.com' })).toEqual(['a@example.com']);
    expect(setEmailAddressesSchema.parse({ emails: ['a@example.com', 'b@example.com'] })).toEqual(['a@example.com', 'b@example.com']);
    expect(setEmailAddressesSchema.parse({})).toEqual([]);
    expect(setEmailAddressesSchema.safeParse({ emails: Array.from({ length: 21 }, (_, i) => `${i}@example.com`) }).success).toBe(false);
  });
  it('lets the client set UI flags only', () => {
    expect(isClientUserAttribute('DISMISS_RF_PROMO_TOOLTIP')).toBe(true);
    expect(isClientUserAttribute('roles')).toBe(false);
    expect(isClientUserAttribute('billingMonths')).toBe(false);
  });
});
