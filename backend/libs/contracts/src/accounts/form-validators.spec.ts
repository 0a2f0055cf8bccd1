import { describe, expect, it } from '@jest/globals';
import { accountMessages, authMessages } from './messages.js';
import { fieldRequiredMessage, numericMessage, validateField, validators } from './form-validators.js';

describe('generic form validators (docs/product/account-exports-reports.md §5)', () => {
  it('required refuses blank text', () => {
    expect(validateField('  ', [validators.required()])).toBe(fieldRequiredMessage);
    expect(validateField('x', [validators.required()])).toBeNull();
  });
  it('email uses the documented rule and message', () => {
    expect(validateField('a.@example.com', [validators.email()])).toBe(accountMessages.invalidEmail);
    expect(validateField('Someone@Example.com', [validators.email()])).toBeNull();
  });
  it('numeric allows digits only', () => {
    expect(validateField('12a', [validators.numeric()])).toBe(numericMessage);
    expect(validateField('0123', [validators.numeric()])).toBeNull();
  });
  it('password needs more than 5 characters', () => {
    expect(validateField('12345', [validators.password()])).toBe(accountMessages.passwordTooShort);
    expect(validateField('123456', [validators.password()])).toBeNull();
  });
  it('passwordConfirmation needs every password field equal', () => {
    const rule = validators.passwordConfirmation('newPassword');
    expect(validateField('abcdef', [rule], { newPassword: 'abcdeg' })).toBe(authMessages.passwordsDiffer);
    expect(validateField('abcdef', [rule], { newPassword: 'abcdef' })).toBeNull();
  });
  it('reports the first failing rule', () => {
    expect(validateField('', [validators.required('Enter it.'), validators.email()])).toBe('Enter it.');
  });
});
