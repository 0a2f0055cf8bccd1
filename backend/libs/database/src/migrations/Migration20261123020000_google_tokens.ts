import { Migration } from '@mikro-orm/migrations';

export class Migration20261123020000_google_tokens extends Migration {

  override name = 'Migration20261123020000_google_tokens';

  override up(): void | Promise<void> {
    this.addSql(`create table "google_token" ("user_id" uuid not null, "refresh_token_encrypted" text not null, "scope" text not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("user_id"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "google_token" cascade;`);
  }

}
