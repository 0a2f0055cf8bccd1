import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 27 point 1: keyword searches that a territory with a million keywords (a giant subject's) made slow.
 * - keyword_volume_order_index: suggestions of a common prefix ("o", "omni": a million matches) walk the territory's
 *   keywords in volume order (index only) and stop after a bounded number instead of sorting every match
 *   (@serpwise/research search/suggestion-query.ts; the statements that must not walk it are fenced there).
 * - keyword_term_trigram_index: the suggestions' matches at a later word (term like '% x%'), which read every keyword
 *   of the territory before; pg_trgm ships with PostgreSQL (contrib).
 * - keyword_term_words_index: keywords holding given words (string_to_array(term, ' ') @> / &&): PPC ad templates,
 *   the keyword adwords advisor's negative matches and related keywords, which read every keyword before.
 */
export class Migration20261209020000_keyword_search_indexes extends Migration {

  override name = 'Migration20261209020000_keyword_search_indexes';

  override up(): void | Promise<void> {
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`create index "keyword_volume_order_index" on "keyword" ("territory", "volume" desc nulls last, "term");`);
    this.addSql(`create index "keyword_term_trigram_index" on "keyword" using gin ("term" gin_trgm_ops);`);
    this.addSql(`create index "keyword_term_words_index" on "keyword" using gin ((string_to_array("term", ' ')));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "keyword_term_words_index";`);
    this.addSql(`drop index if exists "keyword_term_trigram_index";`);
    this.addSql(`drop index if exists "keyword_volume_order_index";`);
  }

}
