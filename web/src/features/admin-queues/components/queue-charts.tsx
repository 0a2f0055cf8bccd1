import type { QueueSample } from '@serpwise/contracts';
import { memo, useMemo } from 'react';
import { LineChart } from '@/components/ui/charts/line-chart';
import { formatNumber } from '@/lib/format';
import { durationText } from './console-format';

const minuteMs = 60_000;
/**
 * One formatter for every label: `toLocaleTimeString` builds a formatter per call, and the 1,441 labels of each of the
 * console's queues took about half a second of the page's thread each minute when the samples were read again, long
 * enough to hold up the live figures' messages (issue 23 point 6; the same text, about 20× faster).
 */
const minuteLabel = new Intl.DateTimeFormat([], { hour: '2-digit', minute: '2-digit' });
/** Over more than one calendar day a time alone is ambiguous (the 24 hours' ends both read "02:05 PM"). */
const dayMinuteLabel = new Intl.DateTimeFormat([], { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
const dayOf = (time: number) => new Date(time).toDateString();

/**
 * The 24 hours as one slot a minute; a minute without a sample is null (a gap), never 0. The slots start at the first
 * sample kept when there is less history than the window (a new install, a flushed Redis): a day-wide axis squeezed
 * those minutes into one line at its right edge.
 */
export function minuteSlots(samples: readonly QueueSample[], from: string, to: string) {
  const end = Date.parse(to);
  let start = Date.parse(from);
  if (samples.length > 0) start = Math.max(start, Math.min(end, ...samples.map((sample) => Date.parse(sample.at))));
  const count = Math.max(1, Math.round((end - start) / minuteMs) + 1);
  const byMinute = new Map(samples.map((sample) => [Date.parse(sample.at), sample]));
  const slots = Array.from({ length: count }, (_, index) => byMinute.get(start + index * minuteMs) ?? null);
  const label = dayOf(start) === dayOf(end) ? minuteLabel : dayMinuteLabel;
  const labels = slots.map((_, index) => label.format(start + index * minuteMs));
  return { slots, labels };
}

const seriesOf = (slots: readonly (QueueSample | null)[], pick: (sample: QueueSample) => number | null) => slots.map((slot) => (slot ? pick(slot) : null));

/**
 * A queue's last 24 hours, one point a minute: its jobs (waiting, active, failed), its throughput (finished per
 * minute) and its wait and run latency (p95). Drawn again only when the samples change (once a minute), not on
 * every live update of the card.
 */
export const QueueCharts = memo(function QueueCharts({ queue, samples, from, to }: { queue: string; samples: readonly QueueSample[]; from: string; to: string }) {
  const { slots, labels } = useMemo(() => minuteSlots(samples, from, to), [samples, from, to]);
  if (samples.length === 0) return <p className="admin-charts__empty">No history yet: a sample is kept every minute.</p>;
  const count = (value: number) => formatNumber(value, 0);
  return (
    <div className="admin-charts" data-testid={`charts-${queue}`} data-samples={samples.length}>
      <div>
        <h4>Jobs</h4>
        <LineChart
          title={`${queue}: waiting, active and failed jobs, last 24 hours`}
          labels={labels}
          height={150}
          whole
          formatValue={count}
          series={[
            { id: 'waiting', name: 'Waiting', values: seriesOf(slots, (sample) => sample.waiting) },
            { id: 'active', name: 'Active', values: seriesOf(slots, (sample) => sample.active) },
            { id: 'failed', name: 'Failed', values: seriesOf(slots, (sample) => sample.failed), color: '#cf222e' },
          ]}
        />
      </div>
      <div>
        <h4>Throughput (jobs a minute)</h4>
        <LineChart
          title={`${queue}: jobs finished each minute, last 24 hours`}
          labels={labels}
          height={150}
          whole
          formatValue={count}
          series={[
            { id: 'completed', name: 'Completed', values: seriesOf(slots, (sample) => sample.completed) },
            { id: 'failed', name: 'Failed', values: seriesOf(slots, (sample) => sample.failedInMinute), color: '#cf222e' },
          ]}
        />
      </div>
      <div>
        <h4>Latency (p95)</h4>
        <LineChart
          title={`${queue}: wait and run time p95, last 24 hours`}
          labels={labels}
          height={150}
          whole
          formatValue={durationText}
          series={[
            { id: 'wait', name: 'Wait', values: seriesOf(slots, (sample) => sample.waitP95) },
            { id: 'run', name: 'Run', values: seriesOf(slots, (sample) => sample.runP95) },
          ]}
        />
      </div>
    </div>
  );
});
