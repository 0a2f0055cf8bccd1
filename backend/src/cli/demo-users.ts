/** One demo account per role, created by `npm start` so every role can be tried at once (listed in the README). */
export const demoPassword = 'serpwise-demo';

export interface DemoUser {
  email: string;
  name: string;
  roles: string[];
  /** E-mail of the parent account, for the child account. */
  parent?: string;
  /** A paid plan on the sandbox test card 4242…, so the account can try team management and the subscription page. */
  plan?: 'basic' | 'professional';
}

export const demoUsers: DemoUser[] = [
  { email: 'free@example.com', name: 'Fran Free', roles: ['free'] },
  { email: 'full@example.com', name: 'Fiona Full', roles: ['full'], plan: 'professional' },
  { email: 'recon@example.com', name: 'Rey Recon', roles: ['full', 'recon_full'], plan: 'professional' },
  { email: 'child@example.com', name: 'Chris Child', roles: [], parent: 'full@example.com' },
  { email: 'admin@example.com', name: 'Ada Admin', roles: ['full', 'admin'] },
  { email: 'infinite@example.com', name: 'Ian Infinite', roles: ['full', 'infinitelogin'] },
];

/** A demo bundle code for /account/redeem-bundle: three months of the full plan, any number of accounts (README). */
export const demoBundle = { code: 'SERPWISE-DEMO-3M', grantedRole: 'full', months: 3, maxRedemptions: null };
