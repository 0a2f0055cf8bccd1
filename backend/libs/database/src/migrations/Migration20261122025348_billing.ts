import { Migration } from '@mikro-orm/migrations';

export class Migration20261122025348_billing extends Migration {

  override name = 'Migration20261122025348_billing';

  override up(): void | Promise<void> {
    this.addSql(`create table "cancellation_survey" ("id" uuid not null, "user_id" uuid not null, "product_id" int not null, "reason" varchar(200) not null, "comments" text null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "cancellation_survey_user_id_index" on "cancellation_survey" ("user_id");`);

    this.addSql(`create table "payment_card" ("user_id" uuid not null, "card_type" varchar(32) not null, "last_four" varchar(4) not null, "expiration" varchar(5) not null, "card_name" varchar(120) not null, "gateway_token" varchar(200) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("user_id"));`);

    this.addSql(`create table "receipt" ("id" uuid not null, "user_id" uuid not null, "description" varchar(300) not null, "amount_cents" int not null, "status" varchar(16) not null, "card_type" varchar(32) null, "last_four" varchar(4) null, "transaction_id" varchar(100) null, "decline_reason" varchar(300) null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "receipt_user_id_index" on "receipt" ("user_id");`);

    this.addSql(`create table "subscription" ("id" uuid not null, "user_id" uuid not null, "product_id" int not null, "plan" varchar(32) not null, "billing" varchar(16) not null, "status" varchar(16) not null, "amount_cents" int not null, "seat_amount_cents" int not null, "coupon_code" varchar(64) null, "current_period_start" timestamptz not null, "current_period_end" timestamptz not null, "cancelled_at" timestamptz null, "paused_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "subscription" add constraint "subscription_user_id_unique" unique ("user_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "cancellation_survey" cascade;`);
    this.addSql(`drop table if exists "payment_card" cascade;`);
    this.addSql(`drop table if exists "receipt" cascade;`);
    this.addSql(`drop table if exists "subscription" cascade;`);
  }

}
