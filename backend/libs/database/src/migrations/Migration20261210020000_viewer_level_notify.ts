import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 27 (domain overview ≤ 1.3× psql): a research request of a viewer who owns nothing no longer asks the
 * database for their level first (viewer-scope.ts, research_viewer_level) when the API process has heard every write
 * that could raise it. Each such write notifies `research_viewer_level` once per statement (delivered at commit, so
 * a listener that hears it and probes again sees the new rows); the API forgets the viewers it knew at 'plain'.
 * What raises a level: an owned figure landing (owned_keyword, owned_domain_month), a project (its owner and domain
 * make the team's shared pairs), a team member's access, an account's owner. Lowering writes notify too: cheap, and
 * nothing to reason about.
 */
const tables: [table: string, events: string][] = [
  ['owned_keyword', 'insert or update'],
  ['owned_domain_month', 'insert or update'],
  ['project', 'insert or update of owner_user_id, domain'],
  ['project_team_access', 'insert or update or delete'],
  ['app_user', 'update of parent_user_id'],
];

export class Migration20261210020000_viewer_level_notify extends Migration {

  override name = 'Migration20261210020000_viewer_level_notify';

  override up(): void | Promise<void> {
    this.addSql(`create function research_viewer_level_changed() returns trigger language plpgsql as
      $$ begin perform pg_notify('research_viewer_level', ''); return null; end $$;`);
    for (const [table, events] of tables) {
      this.addSql(`create trigger ${table}_viewer_level_changed after ${events} on "${table}"
        for each statement execute function research_viewer_level_changed();`);
    }
  }

  override down(): void | Promise<void> {
    for (const [table] of tables) this.addSql(`drop trigger if exists ${table}_viewer_level_changed on "${table}";`);
    this.addSql('drop function if exists research_viewer_level_changed();');
  }
}
