import { Migration } from '@mikro-orm/migrations';

const installation = `'00000000-0000-0000-0000-000000000000'`;

/**
 * serp_observation's natural key (keyword, day, position, owner) becomes its primary key, and the bigserial id nobody
 * read goes: a million-row import then maintains one btree instead of two and draws no sequence value per row (the
 * import benchmark's largest single cost). Installation rows take the nil owner, as organic_rank's do, since a
 * primary-key column cannot be null.
 */
export class Migration20261128010000_serp_observation_natural_key extends Migration {
  override name = 'Migration20261128010000_serp_observation_natural_key';

  override up(): void | Promise<void> {
    this.addSql(`update "serp_observation" set "owner_user_id" = ${installation} where "owner_user_id" is null;`);
    this.addSql(`alter table "serp_observation" alter column "owner_user_id" set default ${installation}, alter column "owner_user_id" set not null;`);
    this.addSql(`alter table "serp_observation" drop constraint "serp_observation_pkey";`);
    this.addSql(`alter table "serp_observation" drop column "id";`);
    this.addSql(`drop index "serp_observation_natural_key";`);
    this.addSql(`alter table "serp_observation" add constraint "serp_observation_pkey" primary key ("keyword_id", "observed_on", "position", "owner_user_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "serp_observation" drop constraint "serp_observation_pkey";`);
    this.addSql(`alter table "serp_observation" alter column "owner_user_id" drop not null, alter column "owner_user_id" drop default;`);
    this.addSql(`update "serp_observation" set "owner_user_id" = null where "owner_user_id" = ${installation};`);
    this.addSql(`alter table "serp_observation" add "id" bigserial primary key;`);
    this.addSql(`create unique index "serp_observation_natural_key" on "serp_observation" ("keyword_id", "observed_on", "position", "owner_user_id") nulls not distinct;`);
  }
}
