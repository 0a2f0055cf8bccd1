import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 27 point 1: a keyword's related questions (keywords sharing a word with it that are questions) read the few
 * question keywords holding one of its words, not every keyword holding one: a giant subject's million keywords share
 * "wireless" with the bench's popular keyword 125,000 times, none of them a question.
 */
export class Migration20261209021000_keyword_question_words extends Migration {

  override name = 'Migration20261209021000_keyword_question_words';

  override up(): void | Promise<void> {
    // On the expression related-keywords.ts reads (term || '': the same words), which keyword_term_words_index does not serve.
    this.addSql(`create index "keyword_question_words_index" on "keyword" using gin ((string_to_array("term" || '', ' '))) where "is_question";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "keyword_question_words_index";`);
  }

}
