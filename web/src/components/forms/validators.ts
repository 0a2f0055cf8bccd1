import { accountMessages, isAcceptablePassword, isValidEmail } from '@serpwise/contracts';
import type { Validator } from './use-form-fields';

/** The generic validators of 01-product.md §5. */
export const required =
  (message = 'This field is required.'): Validator =>
  (value) =>
    value.trim() ? null : message;

export const email: Validator = (value) => (isValidEmail(value.trim()) ? null : accountMessages.invalidEmail);

export const registrationPassword: Validator = (value) => (isAcceptablePassword(value) ? null : accountMessages.passwordTooShort);

export const numeric: Validator = (value) => (/^\d*$/.test(value) ? null : 'Enter digits only.');

/** passwordConfirmation: every password field of the form is equal. */
export const matches =
  (other: string, message = 'The passwords do not match.'): Validator =>
  (value, all) =>
    value === all[other] ? null : message;
