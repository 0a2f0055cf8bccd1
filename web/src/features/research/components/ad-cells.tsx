import { formatMonth } from '@/lib/format';

/** A text ad as a search results page shows it: headline, display URL, body (compact: two lines, the rest on hover). */
export function AdCopy({ headline, body, displayUrl, compact = false }: { headline: string; body: string; displayUrl: string; compact?: boolean }) {
  if (compact)
    return (
      <span className="ad-copy ad-copy--compact" title={`${headline}\n${displayUrl}\n${body}`}>
        <span className="ad-copy__headline">{headline}</span>
        <span className="ad-copy__url">{displayUrl}</span>
      </span>
    );
  return (
    <span className="ad-copy">
      <span className="ad-copy__headline">{headline}</span>
      <span className="ad-copy__url">{displayUrl}</span>
      <span className="ad-copy__body">{body}</span>
    </span>
  );
}

/**
 * Ad history: one cell per month of the window, filled with the best ad position when the ad ran that month
 * (empty when it did not), oldest first.
 */
export function MonthsStrip({ months, positions, label }: { months: readonly string[]; positions: readonly (number | null)[]; label: string }) {
  const ran = positions.filter((position) => position !== null).length;
  return (
    <span className="months-strip" role="img" aria-label={`${label}: ads in ${ran} of ${positions.length} months`}>
      {positions.map((position, index) => (
        <span key={months[index] ?? index} className={`months-strip__cell${position === null ? '' : ' months-strip__cell--on'}`} title={`${formatMonth(months[index])}: ${position === null ? 'no ad' : `position ${position}`}`}>
          {position ?? ''}
        </span>
      ))}
    </span>
  );
}
