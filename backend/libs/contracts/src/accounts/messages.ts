/** The documented user-facing texts of sign-up, login and the account forms (docs/product/site.md §5, §8), word for word. */
export const accountMessages = {
  loginFailed: 'The provided username and/or password are incorrect.',
  duplicateEmail: 'There is already an account associated with that email address.',
  invalidEmail: 'Please enter a valid email address',
  passwordTooShort: 'Enter a password with 6 or more characters',
  passwordHint: 'Enter a password with at least 6 characters.',
  formInvalid: 'Please check the fields marked in red.',
  childRemovalFailed: 'There was a problem removing the user.',
} as const;

/** Texts the documents leave to us (written down in docs/decisions.md). */
export const authMessages = {
  loginFieldsMissing: 'Enter your e-mail or username and your password.',
  tooManyAttempts: (minutes: number) =>
    `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
  captchaFailed: 'We could not verify that you are not a robot. Reload the page and try again.',
  loginRequired: 'Log in to continue.',
  fullPlanRequired: 'Your plan does not include this. Upgrade to a full plan to use it.',
  reconPlanRequired: 'Your plan does not include this. White-labelled reports are part of the full recon plan.',
  adminRequired: 'Only administrators can do this.',
  adminActionsDisabled: 'Admin actions are switched off. Enable them again to continue (they stay on for one hour).',
  parentRequired: 'Only the account owner can do this.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Request a new one.',
  passwordsDiffer: 'The passwords do not match.',
} as const;
