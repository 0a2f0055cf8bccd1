import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { createOrmConfig } from '@serpwise/database';
import { setUpTimeoutMs, createTestDatabase, type TestDatabase } from '../../infra/test/test-services.js';
import { createTestUser } from '../../infra/test/test-users.js';
import { jobOwnerAccount } from '../src/jobs/owner-plan.js';

/** The plan a job runs under is the one that applies when it runs: a cancelled plan past its paid period is free. */

let database: TestDatabase;
let orm: MikroORM;
const now = new Date('2026-11-22T12:00:00Z');

const endsAt = async (userId: string, when: string) =>
  database.query(`update app_user set attributes = attributes || jsonb_build_object('planEndsAt', $2::text) where id = $1`, [userId, when]);

beforeAll(async () => {
  database = await createTestDatabase();
  orm = await MikroORM.init(createOrmConfig({ databaseUrl: database.url, poolMax: 2 }));
}, setUpTimeoutMs);

afterAll(async () => {
  await orm?.close(true);
  await database?.drop();
}, setUpTimeoutMs);

describe('jobOwnerAccount', () => {
  it('keeps full until the paid period of a cancelled plan ends, then reads free (without writing anything)', async () => {
    const owner = await createTestUser(database, { roles: ['full', 'admin'] });
    await endsAt(owner.id, '2026-11-30T00:00:00Z');
    expect((await jobOwnerAccount(orm.em.fork(), owner.id, now)).planRoles.sort()).toEqual(['admin', 'full']);

    await endsAt(owner.id, '2026-11-20T00:00:00Z');
    expect((await jobOwnerAccount(orm.em.fork(), owner.id, now)).planRoles.sort()).toEqual(['admin', 'free']);
    const [stored] = await database.query<{ roles: string[] }>('select roles from app_user where id = $1', [owner.id]);
    expect(stored!.roles.sort()).toEqual(['admin', 'full']);
  });

  it("gives a child account its parent's plan as it stands now", async () => {
    const parent = await createTestUser(database, { roles: ['full'] });
    const child = await createTestUser(database, { roles: ['free'], parentUserId: parent.id });
    expect(await jobOwnerAccount(orm.em.fork(), child.id, now)).toMatchObject({ planRoles: ['full'], accountOwnerId: parent.id });
    await endsAt(parent.id, '2026-11-01T00:00:00Z');
    expect(await jobOwnerAccount(orm.em.fork(), child.id, now)).toMatchObject({ planRoles: ['free'], accountOwnerId: parent.id });
  });
});
