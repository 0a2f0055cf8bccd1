import { graphTypes, type GraphType } from '@serpwise/contracts';
import { useState } from 'react';
import { LineChart } from '@/components/ui/charts/line-chart';
import { formatCompact, formatMonth, formatNumber } from '@/lib/format';
import { Card } from '../components/status';

interface HistoryPoint {
  month: string;
  clicks: number;
  keywords: number;
  position: number | null;
}

const graphLabels: Record<GraphType, string> = { clicks: 'Clicks', keywords: 'Keywords', position: 'Position' };
const graphTitles: Record<GraphType, string> = {
  clicks: 'Estimated organic clicks per month',
  keywords: 'Keywords ranked per month',
  position: 'Average position per month',
};

/** The monthly history of an overview with the three graph types (docs/product/account-exports-reports.md §9): clicks, keywords, position. */
export function HistoryChart({ history, subject }: { history: readonly HistoryPoint[]; subject: string }) {
  const [graph, setGraph] = useState<GraphType>('clicks');
  const values = history.map((point) => point[graph]);
  return (
    <Card
      title="Organic history"
      action={
        <div className="graph-tabs" role="group" aria-label="Graph type">
          {graphTypes.map((type) => (
            <button key={type} type="button" aria-pressed={graph === type} onClick={() => setGraph(type)}>
              {graphLabels[type]}
            </button>
          ))}
        </div>
      }
    >
      {history.length === 0 ? (
        <p className="muted">No monthly history yet.</p>
      ) : (
        <LineChart
          title={`${graphTitles[graph]} for ${subject}`}
          labels={history.map((point) => formatMonth(point.month, { short: true }))}
          series={[{ id: graph, name: graphLabels[graph], values }]}
          formatValue={graph === 'position' ? (value) => formatNumber(value, 1) : formatCompact}
          invert={graph === 'position'}
          height={260}
        />
      )}
    </Card>
  );
}
