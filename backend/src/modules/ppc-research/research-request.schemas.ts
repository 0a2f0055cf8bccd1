import type { TablePage, Viewer } from '@serpwise/contracts';
import { withholdPage } from '@serpwise/research';
import type { Request } from 'express';
import { viewerOf } from '../access/viewer.js';
import { identityOf } from '../sessions/request-session.js';

/** Request parts shared by the PPC and keyword research endpoints; the schemas themselves live in @serpwise/research. */

export const viewerOfRequest = (request: Request): Viewer => viewerOf(identityOf(request));

export interface ResearchTableAnswer<Row> extends TablePage<Row> {
  query: string;
  territory: string;
  /** The month the numbers are for ('YYYY-MM-DD'); null when the territory has no data. */
  month: string | null;
  /** false when the warehouse does not know the domain or keyword (then rows is empty). */
  wasQueryFound: boolean;
}

export function tableAnswer<Row extends object>(input: {
  table: { rows: Row[]; totalRows: number };
  request: { startRow: number; pageSize: number };
  viewer: Viewer;
  paidColumns: readonly (keyof Row & string)[];
  query: string;
  territory: string;
  month: string | null;
  wasQueryFound: boolean;
}): ResearchTableAnswer<Row> {
  const page = withholdPage({ rows: input.table.rows, totalRows: input.table.totalRows, startRow: input.request.startRow, pageSize: input.request.pageSize, viewer: input.viewer, paidColumns: input.paidColumns });
  return { ...page, query: input.query, territory: input.territory, month: input.month, wasQueryFound: input.wasQueryFound };
}

export const emptyTable = { rows: [], totalRows: 0 };
