import { VennDiagram, type VennRegion } from '@/components/ui/charts/venn-diagram';
import type { ColumnDef } from '@/components/ui/table/columns';
import type { useTableScreen } from '../hooks/use-table-screen';
import { Position } from './cells';
import { KombatSetup } from './kombat-setup';
import { ResearchPage } from './research-page';
import { ResearchTable } from './research-table';
import { SegmentList } from './segment-list';
import { Card } from './status';

/** One position column per compared domain (`position1` … `position3`, the keys the server sorts by). */
export function domainPositionColumns<Row>(
  domains: readonly string[],
  describe: (domain: string) => string,
  positionOf: (row: Row, index: number) => number | null,
  /** Whether the column reads its value through positionOf (when the row has no positionN field). */
  readsValue = false,
): ColumnDef<Row>[] {
  return domains.map<ColumnDef<Row>>((domain, index) => ({
    key: `position${index + 1}`,
    label: domain,
    kind: 'number',
    align: 'center',
    emptyValues: 'high',
    description: describe(domain),
    ...(readsValue ? { value: (row: Row) => positionOf(row, index) } : {}),
    render: (row) => <Position value={positionOf(row, index)} />,
  }));
}

interface KombatScreenProps<Row extends { keyword: string }, Segment extends string> {
  section: 'seo' | 'ppc';
  title: string;
  prompt: { label: string; placeholder: string; example: string };
  /** The compared domains (the first is the user's); fewer than two: nothing to compare yet. */
  domains: string[];
  you: string | null;
  /** The closest competitors are being looked up. */
  suggesting: boolean;
  table: Pick<ReturnType<typeof useTableScreen<Row>>, 'data' | 'tableProps'>;
  tableId: string;
  /** Shown as a warning above the Venn diagram: which compared domains have no data. */
  notice?: string | null;
  venn: { card: string; title: string; regions: readonly VennRegion[]; counts: Record<Segment, number> } | null;
  segments: readonly Segment[];
  texts: Record<Segment, { label: string; text: string }>;
  segment: Segment;
  onSegment: (segment: Segment | null) => void;
}

/**
 * A kombat screen (SEO and PPC): the domains to compare, then the Venn diagram of who has which keywords beside the
 * segments, and the table of the chosen segment.
 */
export function KombatScreen<Row extends { keyword: string }, Segment extends string>(props: KombatScreenProps<Row, Segment>) {
  const { domains, you, table, venn, segment } = props;
  const ready = domains.length >= 2;
  const names = domains.join(', ');
  return (
    <ResearchPage
      section={props.section}
      title={props.title}
      kind="domain"
      heading={ready ? domains.join(' vs ') : (you ?? undefined)}
      month={table.data?.month}
      prompt={props.prompt}
    >
      <KombatSetup key={domains.join(',')} domains={domains} />
      {!ready ? (
        <p className="research-empty">{props.suggesting ? 'Finding the closest competitors…' : 'Enter one or two competitors to compare.'}</p>
      ) : (
        <>
          {props.notice && (
            <div className="alert alert--warning" role="status">
              <p>{props.notice}</p>
            </div>
          )}
          {venn && (
            <Card title={venn.card}>
              <div className="kombat-summary">
                <VennDiagram domains={domains} regions={venn.regions} title={venn.title} />
                <SegmentList segments={props.segments} texts={props.texts} counts={venn.counts} selected={segment} onSelect={props.onSegment} />
              </div>
            </Card>
          )}
          <ResearchTable
            id={props.tableId}
            caption={`${props.texts[segment].label} of ${names}`}
            noun="keywords"
            {...table.tableProps}
            rowKey={(row) => row.keyword}
          />
        </>
      )}
    </ResearchPage>
  );
}
