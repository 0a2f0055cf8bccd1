import type { EntityManager } from '@mikro-orm/postgresql';

/** A table whose rows each belong to one user: its name, the column naming that user, and the order of a list. */
export interface OwnedTable {
  name: string;
  ownerColumn: string;
  order: string;
}

/**
 * A repository of a table whose rows each belong to one user (projects, project alerts, recon reports, scheduled
 * reports), with the two reads they all answer alike: the owner's rows in the table's order, and one row by id, null
 * unless it is the owner's (another owner's row and a missing one look the same to the caller).
 */
export abstract class OwnerScopedRepository<Row, Record> {
  protected constructor(
    protected readonly em: EntityManager,
    private readonly table: OwnedTable,
    private readonly toRecord: (row: Row) => Record,
  ) {}

  async listForOwner(ownerId: string): Promise<Record[]> {
    const { name, ownerColumn, order } = this.table;
    const rows = await this.em.execute<Row[]>(`select * from ${name} where ${ownerColumn} = ? order by ${order}`, [ownerId]);
    return rows.map((row) => this.toRecord(row));
  }

  async findForOwner(ownerId: string, id: string): Promise<Record | null> {
    const { name, ownerColumn } = this.table;
    const [row] = await this.em.execute<Row[]>(`select * from ${name} where id = ? and ${ownerColumn} = ?`, [id, ownerId]);
    return row ? this.toRecord(row) : null;
  }
}
