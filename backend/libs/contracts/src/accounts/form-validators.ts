import { isValidEmail } from './email.js';
import { accountMessages, authMessages } from './messages.js';

/**
 * The generic form validators (docs/product/account-exports-reports.md §5): required, email, numeric (digits only), password (more than 5 characters)
 * and passwordConfirmation (all password fields equal). Each returns a message, or null when the value passes.
 */
export type FieldValidator = (value: string, all: Record<string, string>) => string | null;

export const fieldRequiredMessage = 'This field is required.';
export const numericMessage = 'Use digits only.';

export const validators = {
  required: (message = fieldRequiredMessage): FieldValidator => (value) => (value.trim() ? null : message),
  email: (): FieldValidator => (value) => (!value.trim() || isValidEmail(value.trim().toLowerCase()) ? null : accountMessages.invalidEmail),
  numeric: (): FieldValidator => (value) => (!value || /^\d+$/.test(value) ? null : numericMessage),
  password: (): FieldValidator => (value) => (!value || value.trim().length > 5 ? null : accountMessages.passwordTooShort),
  /** Equal to every named password field. */
  passwordConfirmation: (...fields: string[]): FieldValidator => (value, all) => (fields.every((field) => all[field] === value) ? null : authMessages.passwordsDiffer),
  maxLength: (max: number, message: string): FieldValidator => (value) => (value.length <= max ? null : message),
};

/** The first failing message of a field's validators, or null. */
export function validateField(value: string, rules: FieldValidator[], all: Record<string, string> = {}): string | null {
  for (const rule of rules) {
    const message = rule(value, all);
    if (message) return message;
  }
  return null;
}
