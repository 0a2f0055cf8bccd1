import type { EntityManager } from '@mikro-orm/postgresql';

export interface ReportDesignRecord {
  ownerUserId: string;
  companyName: string;
  primaryColor: string;
  accentColor: string;
  hasLogo: boolean;
  logoType: string | null;
  logoUpdatedAt: Date | null;
}

interface ReportDesignRow {
  owner_user_id: string;
  company_name: string;
  primary_color: string;
  accent_color: string;
  has_logo: boolean;
  logo_type: string | null;
  /** Raw execute() answers timestamps as text. */
  logo_updated_at: Date | string | null;
}

const toRecord = (row: ReportDesignRow): ReportDesignRecord => ({
  ownerUserId: row.owner_user_id,
  companyName: row.company_name,
  primaryColor: row.primary_color,
  accentColor: row.accent_color,
  hasLogo: row.has_logo,
  logoType: row.logo_type,
  logoUpdatedAt: row.logo_updated_at === null ? null : new Date(row.logo_updated_at),
});

// Never select the logo bytes with the settings: only the renderer and the logo endpoint read them.
const columns = `owner_user_id, company_name, primary_color, accent_color, logo is not null as has_logo, logo_type, logo_updated_at`;

/** The report design of an account owner (one row each); every query is scoped to the owner. */
export class ReportDesignRepository {
  constructor(private readonly em: EntityManager) {}

  async findForOwner(ownerUserId: string): Promise<ReportDesignRecord | null> {
    const rows = await this.em.execute<ReportDesignRow[]>(`select ${columns} from report_design where owner_user_id = ?`, [ownerUserId]);
    return rows[0] ? toRecord(rows[0]) : null;
  }

  /** Saves the name and colours, creating the row on first save; the logo is kept. */
  async saveSettings(ownerUserId: string, input: { companyName: string; primaryColor: string; accentColor: string }): Promise<ReportDesignRecord> {
    const rows = await this.em.execute<ReportDesignRow[]>(
      `insert into report_design (owner_user_id, company_name, primary_color, accent_color, created_at, updated_at)
       values (?, ?, ?, ?, now(), now())
       on conflict (owner_user_id) do update set company_name = excluded.company_name, primary_color = excluded.primary_color,
         accent_color = excluded.accent_color, updated_at = now()
       returning ${columns}`,
      [ownerUserId, input.companyName, input.primaryColor, input.accentColor],
    );
    return toRecord(rows[0]!);
  }

  /** Stores a (checked) logo; a first upload creates the row with the given default colours. */
  async saveLogo(ownerUserId: string, logo: Buffer, type: string, defaults: { primaryColor: string; accentColor: string }): Promise<ReportDesignRecord> {
    const rows = await this.em.execute<ReportDesignRow[]>(
      `insert into report_design (owner_user_id, primary_color, accent_color, logo, logo_type, logo_updated_at, created_at, updated_at)
       values (?, ?, ?, ?, ?, now(), now(), now())
       on conflict (owner_user_id) do update set logo = excluded.logo, logo_type = excluded.logo_type,
         logo_updated_at = excluded.logo_updated_at, updated_at = now()
       returning ${columns}`,
      [ownerUserId, defaults.primaryColor, defaults.accentColor, logo, type],
    );
    return toRecord(rows[0]!);
  }

  async deleteLogo(ownerUserId: string): Promise<ReportDesignRecord | null> {
    const rows = await this.em.execute<ReportDesignRow[]>(
      `update report_design set logo = null, logo_type = null, logo_updated_at = null, updated_at = now() where owner_user_id = ? returning ${columns}`,
      [ownerUserId],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  /** The logo bytes and type, or null when the owner has none. */
  async logoOf(ownerUserId: string): Promise<{ data: Buffer; type: string } | null> {
    const rows = await this.em.execute<{ logo: Buffer | null; logo_type: string | null }[]>(
      'select logo, logo_type from report_design where owner_user_id = ? and logo is not null',
      [ownerUserId],
    );
    const row = rows[0];
    return row?.logo && row.logo_type ? { data: Buffer.from(row.logo), type: row.logo_type } : null;
  }
}
