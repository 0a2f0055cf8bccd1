import type { EntityManager } from '@mikro-orm/postgresql';
import type { ReportBrand } from '@serpwise/contracts';
import { randomUUID } from 'node:crypto';

/** A stored brand: the brand the API answers (contracts' ReportBrand), with its owner and the logo as stored. */
export type ReportBrandRecord = Omit<ReportBrand, 'logoType' | 'logoUpdatedAt' | 'scheduledReports'> & {
  ownerUserId: string;
  logoType: string | null;
  logoUpdatedAt: Date | null;
};

/** A brand with how many scheduled reports of the account (its team's included) name it. */
export type ReportBrandListed = ReportBrandRecord & { scheduledReports: number };

/** What deleting a brand did: nothing (no such brand), refused (schedules use it and no other brand was given), or done. */
export type ReportBrandDeletion =
  | { outcome: 'not-found' }
  | { outcome: 'in-use'; name: string; scheduledReports: number }
  | { outcome: 'move-target-invalid' }
  | { outcome: 'deleted'; moved: number; movedTo: string | null };

export interface ReportBrandFields {
  name: string;
  companyName: string;
  primaryColor: string;
  accentColor: string;
  contactLine: string;
}

interface ReportBrandRow {
  id: string;
  owner_user_id: string;
  name: string;
  company_name: string;
  primary_color: string;
  accent_color: string;
  contact_line: string;
  has_logo: boolean;
  logo_type: string | null;
  /** Raw execute() answers timestamps as text. */
  logo_updated_at: Date | string | null;
  is_default: boolean;
}

const toRecord = (row: ReportBrandRow): ReportBrandRecord => ({
  id: row.id,
  ownerUserId: row.owner_user_id,
  name: row.name,
  companyName: row.company_name,
  primaryColor: row.primary_color,
  accentColor: row.accent_color,
  contactLine: row.contact_line,
  hasLogo: row.has_logo,
  logoType: row.logo_type,
  logoUpdatedAt: row.logo_updated_at === null ? null : new Date(row.logo_updated_at),
  isDefault: row.is_default,
});

// Never select the logo bytes with the settings: only the renderer and the logo endpoint read them.
const columns = `id, owner_user_id, name, company_name, primary_color, accent_color, contact_line, logo is not null as has_logo, logo_type, logo_updated_at, is_default`;

/** The scheduled reports of an owner's account, its child accounts' included, that name the brand `?` (third parameter). */
const schedulesNaming = `scheduled_report s join app_user u on u.id = s.user_id where (u.id = ? or u.parent_user_id = ?) and s.options->>'brandId' = ?`;

const isUuid = (text: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text);

/**
 * The report brands of account owners (issue 22 point 2). Every query is scoped to the owner, so an id of another
 * account's brand finds nothing. Exactly one brand of an owner is the default while it has any: the first one
 * created, or the one last made default; deleting the default makes the oldest remaining one the default.
 */
export class ReportBrandRepository {
  constructor(private readonly em: EntityManager) {}

  async listForOwner(ownerUserId: string): Promise<ReportBrandListed[]> {
    const rows = await this.em.execute<(ReportBrandRow & { scheduled_reports: string })[]>(
      `select ${columns}, (select count(*) from scheduled_report s join app_user u on u.id = s.user_id
          where (u.id = b.owner_user_id or u.parent_user_id = b.owner_user_id) and s.options->>'brandId' = b.id::text) as scheduled_reports
       from report_brand b where owner_user_id = ? order by is_default desc, created_at, id`,
      [ownerUserId],
    );
    return rows.map((row) => ({ ...toRecord(row), scheduledReports: Number(row.scheduled_reports) }));
  }

  async countForOwner(ownerUserId: string): Promise<number> {
    const rows = await this.em.execute<{ count: string }[]>('select count(*) from report_brand where owner_user_id = ?', [ownerUserId]);
    return Number(rows[0]?.count ?? 0);
  }

  async findForOwner(ownerUserId: string, id: string): Promise<ReportBrandRecord | null> {
    if (!isUuid(id)) return null;
    const rows = await this.em.execute<ReportBrandRow[]>(`select ${columns} from report_brand where owner_user_id = ? and id = ?`, [ownerUserId, id]);
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async defaultForOwner(ownerUserId: string): Promise<ReportBrandRecord | null> {
    const rows = await this.em.execute<ReportBrandRow[]>(`select ${columns} from report_brand where owner_user_id = ? and is_default`, [ownerUserId]);
    return rows[0] ? toRecord(rows[0]) : null;
  }

  /** The brand of that id, or the owner's default when the id is absent (or names no brand of theirs any more). */
  async findOrDefault(ownerUserId: string, id: string | null | undefined): Promise<ReportBrandRecord | null> {
    return (id ? await this.findForOwner(ownerUserId, id) : null) ?? (await this.defaultForOwner(ownerUserId));
  }

  /** A new brand; the owner's first is the default whatever was asked. */
  async create(ownerUserId: string, fields: ReportBrandFields, makeDefault: boolean): Promise<ReportBrandRecord> {
    return this.em.transactional(async (em) => {
      // One creation at a time per owner, so two first brands cannot both become the default.
      await em.execute('select pg_advisory_xact_lock(hashtext(?))', [`report_brand:${ownerUserId}`]);
      const hasDefault = (await em.execute<{ id: string }[]>('select id from report_brand where owner_user_id = ? and is_default', [ownerUserId])).length > 0;
      const isDefault = makeDefault || !hasDefault;
      if (isDefault) await em.execute('update report_brand set is_default = false where owner_user_id = ? and is_default', [ownerUserId]);
      const rows = await em.execute<ReportBrandRow[]>(
        `insert into report_brand (id, owner_user_id, name, company_name, primary_color, accent_color, contact_line, is_default, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, clock_timestamp(), clock_timestamp()) returning ${columns}`,
        [randomUUID(), ownerUserId, fields.name, fields.companyName, fields.primaryColor, fields.accentColor, fields.contactLine, isDefault],
      );
      return toRecord(rows[0]!);
    });
  }

  /** Saves the fields (the logo is kept); null when the owner has no brand of that id. */
  async update(ownerUserId: string, id: string, fields: ReportBrandFields): Promise<ReportBrandRecord | null> {
    if (!isUuid(id)) return null;
    const rows = await this.em.execute<ReportBrandRow[]>(
      `update report_brand set name = ?, company_name = ?, primary_color = ?, accent_color = ?, contact_line = ?, updated_at = now()
       where owner_user_id = ? and id = ? returning ${columns}`,
      [fields.name, fields.companyName, fields.primaryColor, fields.accentColor, fields.contactLine, ownerUserId, id],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async makeDefault(ownerUserId: string, id: string): Promise<ReportBrandRecord | null> {
    if (!isUuid(id)) return null;
    return this.em.transactional(async (em) => {
      const exists = await em.execute<{ id: string }[]>('select id from report_brand where owner_user_id = ? and id = ? for update', [ownerUserId, id]);
      if (!exists.length) return null;
      await em.execute('update report_brand set is_default = false where owner_user_id = ? and is_default and id <> ?', [ownerUserId, id]);
      const rows = await em.execute<ReportBrandRow[]>(`update report_brand set is_default = true, updated_at = now() where owner_user_id = ? and id = ? returning ${columns}`, [ownerUserId, id]);
      return rows[0] ? toRecord(rows[0]) : null;
    });
  }

  /**
   * Deletes the brand unless scheduled reports name it: those are first moved to `moveTo` (another brand of the
   * owner) when given, else the deletion is refused. When the deleted brand was the default, the oldest remaining
   * brand becomes the default. One transaction, so a schedule saved meanwhile cannot be left naming a deleted brand.
   */
  async delete(ownerUserId: string, id: string, moveTo?: string): Promise<ReportBrandDeletion> {
    if (!isUuid(id)) return { outcome: 'not-found' };
    if (moveTo !== undefined && (!isUuid(moveTo) || moveTo === id)) return { outcome: 'move-target-invalid' };
    return this.em.transactional(async (em) => {
      await em.execute('select pg_advisory_xact_lock(hashtext(?))', [`report_brand:${ownerUserId}`]);
      const [brand] = await em.execute<{ name: string }[]>('select name from report_brand where owner_user_id = ? and id = ? for update', [ownerUserId, id]);
      if (!brand) return { outcome: 'not-found' as const };
      const [target] = moveTo ? await em.execute<{ name: string }[]>('select name from report_brand where owner_user_id = ? and id = ?', [ownerUserId, moveTo]) : [];
      if (moveTo && !target) return { outcome: 'move-target-invalid' as const };
      const [{ count }] = (await em.execute<{ count: string }[]>(`select count(*) from ${schedulesNaming}`, [ownerUserId, ownerUserId, id])) as [{ count: string }];
      const using = Number(count);
      if (using > 0 && !target) return { outcome: 'in-use' as const, name: brand.name, scheduledReports: using };
      if (using > 0) {
        await em.execute(
          `update scheduled_report set options = jsonb_set(options::jsonb, '{brandId}', to_jsonb(?::text)), updated_at = now()
           where id in (select s.id from ${schedulesNaming})`,
          [moveTo, ownerUserId, ownerUserId, id],
        );
      }
      const rows = await em.execute<{ is_default: boolean }[]>('delete from report_brand where owner_user_id = ? and id = ? returning is_default', [ownerUserId, id]);
      if (rows[0]!.is_default) {
        await em.execute(
          `update report_brand set is_default = true where id = (select id from report_brand where owner_user_id = ? order by created_at, id limit 1)`,
          [ownerUserId],
        );
      }
      return { outcome: 'deleted' as const, moved: using, movedTo: target?.name ?? null };
    });
  }

  async saveLogo(ownerUserId: string, id: string, logo: Buffer, type: string): Promise<ReportBrandRecord | null> {
    if (!isUuid(id)) return null;
    const rows = await this.em.execute<ReportBrandRow[]>(
      `update report_brand set logo = ?, logo_type = ?, logo_updated_at = clock_timestamp(), updated_at = now() where owner_user_id = ? and id = ? returning ${columns}`,
      [logo, type, ownerUserId, id],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async deleteLogo(ownerUserId: string, id: string): Promise<ReportBrandRecord | null> {
    if (!isUuid(id)) return null;
    const rows = await this.em.execute<ReportBrandRow[]>(
      `update report_brand set logo = null, logo_type = null, logo_updated_at = null, updated_at = now() where owner_user_id = ? and id = ? returning ${columns}`,
      [ownerUserId, id],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  /** The logo bytes and type, or null when the brand has none (or is not the owner's). */
  async logoOf(ownerUserId: string, id: string): Promise<{ data: Buffer; type: string } | null> {
    if (!isUuid(id)) return null;
    const rows = await this.em.execute<{ logo: Buffer | null; logo_type: string | null }[]>(
      'select logo, logo_type from report_brand where owner_user_id = ? and id = ? and logo is not null',
      [ownerUserId, id],
    );
    const row = rows[0];
    return row?.logo && row.logo_type ? { data: Buffer.from(row.logo), type: row.logo_type } : null;
  }
}
