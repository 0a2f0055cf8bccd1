import { hash } from '@node-rs/argon2';
import { randomUUID } from 'node:crypto';
import type { TestDatabase } from './test-services.js';
import { HttpSession } from './http-session.js';

export interface TestUser {
  id: string;
  email: string;
  password: string;
}

/** One argon2 hash per password for the whole test file: a salt per account buys a test nothing, and ~280 accounts are made. */
const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  if (!hashes.has(password)) hashes.set(password, hash(password));
  return hashes.get(password)!;
};

/** Inserts an account straight into the test database (argon2id like the app), for tests that need a given role. */
export async function createTestUser(
  database: TestDatabase,
  input: { email?: string; password?: string; roles?: string[]; parentUserId?: string; shouldShowOnboarding?: boolean } = {},
): Promise<TestUser> {
  const id = randomUUID();
  const email = input.email ?? `user-${id.slice(0, 8)}@example.com`;
  const password = input.password ?? 'correct horse';
  await database.query(
    `insert into app_user (id, email, password_hash, roles, parent_user_id, should_show_onboarding, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, now(), now())`,
    [id, email, await hashOf(password), input.roles ?? ['free'], input.parentUserId ?? null, input.shouldShowOnboarding ?? false],
  );
  return { id, email, password };
}

/** A browser stand-in that has loaded a page and logged in as the user. */
export async function loggedInSession(baseUrl: string, user: TestUser, remember = false): Promise<HttpSession> {
  const browser = new HttpSession(baseUrl);
  await browser.open('/auth/login');
  const response = await browser.post('/auth/login', { username: user.email, password: user.password, rememberMe: remember, source: 'LoginPage', token: null });
  if (response.status !== 200) throw new Error(`login failed for ${user.email}: ${response.status} ${await response.text()}`);
  await browser.open('/');
  return browser;
}
