import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 27 point 1: the related keywords `similar` and `transaction` of a keyword K (keyword/related-keyword-words.ts in
 * @serpwise/research). Beside a giant subject, one word of K ("wireless") is a word of 125,000 keywords, and scoring
 * and counting each of them took ~1 s. keyword_word holds every keyword once per meaningful word (3+ letters, no stop
 * word: meaningfulWords in @serpwise/research, the same list as keyword_meaningful_words below) with how many
 * meaningful words the keyword has, its volume and term, so that the rows sharing s words with K and having n words
 * (one relevance) are walked in the table's order (volume, then term), and each word's rows counted from an index.
 * Kept by triggers on keyword: every write (the demo loader's COPY, the warehouse writer, provider landings,
 * source removal, truncation) keeps it, in the same transaction.
 */
/** The keyword_word rows of the keywords of `table` (alias k; `more`: joins and a where clause after them). */
const rowsOf = (table: string, more = '') => `select k.id, w, k.territory, cardinality(m)::smallint, k.volume, k.term, k.is_transactional, k.owner_user_ids is null
  from ${table} k cross join keyword_meaningful_words(k.term) m cross join unnest(m) w ${more}`;

/** keyword_word rows (alias w) that no longer match their keyword (alias n). */
const stale = `(w.territory, w.term, w.volume, w.is_transactional, w.shared)
  is distinct from (n.territory, n.term, n.volume, n.is_transactional, n.owner_user_ids is null)`;

export class Migration20261210002000_keyword_word extends Migration {

  override name = 'Migration20261210002000_keyword_word';

  override up(): void | Promise<void> {
    // The stop words of meaningfulWords (tables/keyword-sql.ts in @serpwise/research); a test checks they agree.
    this.addSql(`create function keyword_meaningful_words(term text) returns text[] language sql immutable parallel safe as
      $$ select coalesce(array_agg(distinct w), '{}') from unnest(string_to_array(term, ' ')) w
         where length(w) > 2 and w <> all('{the,and,for,with,how,what,why,who,when,where,which,does,can,are,you,your,near,from,best}'::text[]) $$;`);
    // shared: owner_user_ids is null (everyone sees it); a private keyword's rows are only candidates, each checked
    // against what the viewer sees.
    this.addSql(`create table "keyword_word" ("keyword_id" int not null, "word" text not null, "territory" varchar(2) not null,
      "words" smallint not null, "volume" int null, "term" text not null, "is_transactional" boolean not null, "shared" boolean not null,
      constraint "keyword_word_pkey" primary key ("keyword_id", "word"));`);
    this.addSql(`insert into "keyword_word" ${rowsOf('keyword')};`);
    this.addSql(`create index "keyword_word_walk_index" on "keyword_word" ("territory", "word", "words", "volume" desc nulls last, "term") include ("keyword_id") where "shared";`);
    this.addSql(`create index "keyword_word_transactional_index" on "keyword_word" ("territory", "word", "words", "volume" desc nulls last, "term") include ("keyword_id")
      where "shared" and "is_transactional";`);
    this.addSql(`create index "keyword_word_private_index" on "keyword_word" ("territory", "word") where not "shared";`);
    // Statement triggers with transition tables: one insert of a landing's keywords' rows, not a call per keyword.
    this.addSql(`create function keyword_word_added() returns trigger language plpgsql as $$ begin
        insert into keyword_word ${rowsOf('added')};
        return null;
      end $$;`);
    this.addSql(`create function keyword_word_changed() returns trigger language plpgsql as $$ begin
        -- Only the keywords whose rows change (an update of owners or numbers other than the volume changes none): their
        -- rows compared to the new row through the primary key (a join of the old and new rows, with no index on
        -- either, was quadratic: minutes for a removal's 20,000 keywords), then the rows of those left without any.
        delete from keyword_word w using after_rows n where w.keyword_id = n.id and ${stale};
        insert into keyword_word ${rowsOf('after_rows', 'where not exists (select 1 from keyword_word w where w.keyword_id = k.id)')};
        return null;
      end $$;`);
    this.addSql(`create function keyword_word_removed() returns trigger language plpgsql as $$ begin
        delete from keyword_word w using removed k where w.keyword_id = k.id;
        return null;
      end $$;`);
    this.addSql(`create function keyword_word_emptied() returns trigger language plpgsql as $$ begin
        truncate keyword_word;
        return null;
      end $$;`);
    this.addSql('create trigger keyword_word_insert after insert on keyword referencing new table as added for each statement execute function keyword_word_added();');
    this.addSql('create trigger keyword_word_update after update on keyword referencing new table as after_rows for each statement execute function keyword_word_changed();');
    this.addSql('create trigger keyword_word_delete after delete on keyword referencing old table as removed for each statement execute function keyword_word_removed();');
    this.addSql('create trigger keyword_word_truncate after truncate on keyword for each statement execute function keyword_word_emptied();');
    this.addSql('analyze "keyword_word";');
  }

  override down(): void | Promise<void> {
    for (const trigger of ['insert', 'update', 'delete', 'truncate']) this.addSql(`drop trigger if exists keyword_word_${trigger} on keyword;`);
    this.addSql('drop table if exists "keyword_word";');
    for (const fn of ['keyword_word_added()', 'keyword_word_changed()', 'keyword_word_removed()', 'keyword_word_emptied()', 'keyword_meaningful_words(text)']) {
      this.addSql(`drop function if exists ${fn};`);
    }
  }

}
