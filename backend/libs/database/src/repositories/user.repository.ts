import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';

export interface UserRecord {
  id: string;
  email: string;
  username: string | null;
  name: string | null;
  passwordHash: string;
  roles: string[];
  parentUserId: string | null;
  shouldShowOnboarding: boolean;
  onboarding: Record<string, unknown> | null;
  termsAcceptedAt: Date | null;
  attributes: Record<string, string>;
  createdAt: Date;
  lastLoginAt: Date | null;
}

interface UserRow {
  id: string;
  email: string;
  username: string | null;
  name: string | null;
  password_hash: string;
  roles: string[];
  parent_user_id: string | null;
  should_show_onboarding: boolean;
  onboarding: Record<string, unknown> | null;
  terms_accepted_at: Date | null;
  attributes: Record<string, string>;
  created_at: Date;
  last_login_at: Date | null;
}

const toRecord = (row: UserRow): UserRecord => ({
  id: row.id,
  email: row.email,
  username: row.username,
  name: row.name,
  passwordHash: row.password_hash,
  roles: row.roles,
  parentUserId: row.parent_user_id,
  shouldShowOnboarding: row.should_show_onboarding,
  onboarding: row.onboarding,
  termsAcceptedAt: row.terms_accepted_at ? new Date(row.terms_accepted_at) : null,
  attributes: row.attributes ?? {},
  createdAt: new Date(row.created_at),
  lastLoginAt: row.last_login_at ? new Date(row.last_login_at) : null,
});

export interface NewUser {
  email: string;
  passwordHash: string;
  name?: string | null;
  username?: string | null;
  roles?: string[];
  parentUserId?: string | null;
  shouldShowOnboarding?: boolean;
}

/** Accounts. E-mail and username arrive normalised (lower-case) from the service. */
export class UserRepository {
  constructor(private readonly em: EntityManager) {}

  /** Inserts the user, or returns null when the e-mail (or username) is taken. */
  async create(input: NewUser): Promise<UserRecord | null> {
    const rows = await this.em.execute<UserRow[]>(
      `insert into app_user (id, email, username, name, password_hash, roles, parent_user_id, should_show_onboarding,
         created_at, updated_at)
       values (?, ?, ?, ?, ?, ?::text[], ?, ?, now(), now())
       on conflict do nothing returning *`,
      [
        randomUUID(),
        input.email,
        input.username ?? null,
        input.name ?? null,
        input.passwordHash,
        `{${(input.roles ?? ['free']).join(',')}}`,
        input.parentUserId ?? null,
        input.shouldShowOnboarding ?? false,
      ],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async findById(id: string): Promise<UserRecord | null> {
    const rows = await this.em.execute<UserRow[]>('select * from app_user where id = ?', [id]);
    return rows[0] ? toRecord(rows[0]) : null;
  }

  /** The user owning an API key, by the key's SHA-256 (api_key.key_hash), in one statement (a public API call's first read). */
  async findByApiKeyHash(keyHash: string): Promise<UserRecord | null> {
    const rows = await this.em.execute<UserRow[]>('select u.* from api_key k join app_user u on u.id = k.user_id where k.key_hash = ?', [keyHash]);
    return rows[0] ? toRecord(rows[0]) : null;
  }

  /** Login accepts the e-mail address or the username. */
  async findByLogin(login: string): Promise<UserRecord | null> {
    const rows = await this.em.execute<UserRow[]>(
      'select * from app_user where email = ? or username = ? order by (email = ?) desc limit 1',
      [login, login, login],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async findByEmail(email: string): Promise<UserRecord | null> {
    const rows = await this.em.execute<UserRow[]>('select * from app_user where email = ?', [email]);
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async listChildren(parentUserId: string): Promise<UserRecord[]> {
    const rows = await this.em.execute<UserRow[]>(
      'select * from app_user where parent_user_id = ? order by created_at, email',
      [parentUserId],
    );
    return rows.map(toRecord);
  }

  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.em.execute('update app_user set password_hash = ?, updated_at = now() where id = ?', [passwordHash, id]);
  }

  async recordLogin(id: string): Promise<void> {
    await this.em.execute('update app_user set last_login_at = now() where id = ?', [id]);
  }

  /** Replaces the role list (the plan roles are managed by billing; admin by the admin tools). */
  async setRoles(id: string, roles: string[]): Promise<void> {
    await this.em.execute('update app_user set roles = ?::text[], updated_at = now() where id = ?', [`{${roles.join(',')}}`, id]);
  }

  /** Changes the e-mail address; false when another account already uses it. */
  async setEmail(id: string, email: string): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      `update app_user set email = ?, updated_at = now() where id = ?
         and not exists (select 1 from app_user other where other.email = ? and other.id <> ?) returning id`,
      [email, id, email, id],
    );
    return rows.length === 1;
  }

  async setName(id: string, name: string): Promise<void> {
    await this.em.execute('update app_user set name = ?, updated_at = now() where id = ?', [name, id]);
  }

  async setOnboarding(id: string, onboarding: Record<string, unknown> | null, shouldShowOnboarding: boolean): Promise<void> {
    await this.em.execute(
      'update app_user set onboarding = ?::jsonb, should_show_onboarding = ?, updated_at = now() where id = ?',
      [onboarding === null ? null : JSON.stringify(onboarding), shouldShowOnboarding, id],
    );
  }

  async setAttribute(id: string, name: string, value: string | null): Promise<void> {
    await this.em.execute(
      value === null
        ? 'update app_user set attributes = attributes - ?, updated_at = now() where id = ?'
        : `update app_user set attributes = attributes || jsonb_build_object(?::text, ?::text), updated_at = now() where id = ?`,
      value === null ? [name, id] : [name, value, id],
    );
  }

  async acceptTerms(id: string): Promise<void> {
    await this.em.execute('update app_user set terms_accepted_at = coalesce(terms_accepted_at, now()) where id = ?', [id]);
  }

  /** Deletes a child account of this parent, its sessions and reset links; false when it is not theirs. */
  async deleteChild(parentUserId: string, childId: string): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(
      'delete from app_user where id = ? and parent_user_id = ? returning id',
      [childId, parentUserId],
    );
    if (rows.length === 0) return false;
    await this.em.execute('delete from session where user_id = ?', [childId]);
    await this.em.execute('delete from password_reset where user_id = ?', [childId]);
    return true;
  }
}
