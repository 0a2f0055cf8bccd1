import { Migration } from '@mikro-orm/migrations';

const installationOwner = '00000000-0000-0000-0000-000000000000';

/**
 * Issue 27 point 1: the SEO kombat of large domains (seo/kombat.ts in @serpwise/research). Its Venn regions and
 * segment counts grouped every rank of the domains (2.6 s for the 1,000,000- and 300,000-keyword giants), and its
 * segments' first pages too. For each rolled-up domain-month:
 * - organic_keyword_month keeps each keyword's best position that month and its question and transactional flags,
 *   with volume indexes of the question, transactional and top-10 keywords, so a segment's first page in volume order
 *   reads each domain's K first keywords of the segment and stops;
 * - organic_keyword_bits holds the keywords as bitmaps, one row per 8,192 keyword ids (`chunk` = id / 8192, bit
 *   id % 8192): those it ranks for, those in the top 10, the questions, the transactional ones; a pair's or three
 *   domains' regions and segment counts are then bit operations over a few hundred rows per domain, whatever the pair.
 * The rows already there take their columns and bitmaps here; organicRollupSql (@serpwise/research) writes them from now on.
 */
export class Migration20261208010000_organic_keyword_kombat extends Migration {

  override name = 'Migration20261208010000_organic_keyword_kombat';

  override up(): void | Promise<void> {
    // Millions of rows at full size (the giants' months): hashed in memory rather than in batches on disk.
    this.addSql(`set local work_mem = '256MB';`);
    this.addSql(`alter table "organic_keyword_month" add column "position" smallint null, add column "is_question" boolean null, add column "is_transactional" boolean null;`);
    this.addSql(`update "organic_keyword_month" o set "position" = b.position, "is_question" = k.is_question, "is_transactional" = k.is_transactional
      from (select r.domain_id, r.territory, r.month, r.keyword_id, min(r.position) as position
        from "organic_rank" r join "organic_rollup_month" l on (l.domain_id, l.territory, l.month) = (r.domain_id, r.territory, r.month)
        where r.owner_user_id = '${installationOwner}'
        group by 1, 2, 3, 4) b
      join "keyword" k on k.id = b.keyword_id
      where (o.domain_id, o.territory, o.month, o.keyword_id) = (b.domain_id, b.territory, b.month, b.keyword_id);`);
    for (const [name, predicate] of [['question', '"is_question"'], ['transactional', '"is_transactional"'], ['top10', '"position" <= 10']]) {
      this.addSql(`create index "organic_keyword_month_${name}_volume_index" on "organic_keyword_month" ("domain_id", "territory", "month", "volume" desc nulls last) where ${predicate};`);
    }
    this.addSql(`create table "organic_keyword_bits" ("domain_id" int not null, "territory" varchar(2) not null, "month" date not null, "chunk" int not null,
      "ranked" bit(8192) not null, "top10" bit(8192) not null, "question" bit(8192) not null, "transactional" bit(8192) not null,
      primary key ("domain_id", "territory", "month", "chunk"));`);
    // Four 1 kB bitmaps fit a page: kept inline and uncompressed, each read without detoasting.
    for (const column of ['ranked', 'top10', 'question', 'transactional']) this.addSql(`alter table "organic_keyword_bits" alter column "${column}" set storage plain;`);
    this.addSql(`create index "organic_keyword_bits_month_index" on "organic_keyword_bits" ("month");`);
    // As organicKeywordBitsSql builds them (kept the same).
    this.addSql(`insert into "organic_keyword_bits" (domain_id, territory, month, chunk, ranked, top10, question, transactional)
      with words as (
        select k.domain_id, k.territory, k.month, k.keyword_id / 8192 as chunk, (k.keyword_id % 8192) / 64 as word,
          bit_or(1::bigint << (63 - k.keyword_id % 64)) as ranked,
          coalesce(bit_or(1::bigint << (63 - k.keyword_id % 64)) filter (where k.position <= 10), 0) as top10,
          coalesce(bit_or(1::bigint << (63 - k.keyword_id % 64)) filter (where k.is_question), 0) as question,
          coalesce(bit_or(1::bigint << (63 - k.keyword_id % 64)) filter (where k.is_transactional), 0) as transactional
        from "organic_keyword_month" k group by 1, 2, 3, 4, 5)
      select c.domain_id, c.territory, c.month, c.chunk,
        string_agg(coalesce(w.ranked, 0)::bit(64)::text, '' order by n)::bit(8192),
        string_agg(coalesce(w.top10, 0)::bit(64)::text, '' order by n)::bit(8192),
        string_agg(coalesce(w.question, 0)::bit(64)::text, '' order by n)::bit(8192),
        string_agg(coalesce(w.transactional, 0)::bit(64)::text, '' order by n)::bit(8192)
      from (select distinct domain_id, territory, month, chunk from words) c cross join generate_series(0, 127) n
      left join words w on (w.domain_id, w.territory, w.month, w.chunk, w.word) = (c.domain_id, c.territory, c.month, c.chunk, n)
      group by 1, 2, 3, 4;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "organic_keyword_bits";`);
    for (const name of ['question', 'transactional', 'top10']) this.addSql(`drop index if exists "organic_keyword_month_${name}_volume_index";`);
    this.addSql(`alter table "organic_keyword_month" drop column if exists "position", drop column if exists "is_question", drop column if exists "is_transactional";`);
  }

}
