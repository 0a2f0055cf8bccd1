import { Link } from 'react-router';
import { formatNumber } from '@/lib/format';
import { useHere, withReturnUrl } from '@/lib/return-url';
import { useKeywordCount } from '../api/keywords';

/** Bar widths are each count divided by the total, as a percentage (docs/product/projects.md §2). */
export const barWidth = (count: number, total: number) => (total > 0 ? `${Math.min(100, (count / total) * 100)}%` : '0%');

/** The keyword count widget (docs/product/projects.md §2): full users see the bars, legend, Upgrade and the allowance; others 0 and Sign Up. */
export function KeywordCountWidget({ isLoggedIn, isFullUser }: { isLoggedIn: boolean; isFullUser: boolean }) {
  // Not fetched for logged-out users: they are treated as loaded with zeros.
  const count = useKeywordCount(isLoggedIn);
  const here = useHere();
  if (!isFullUser || !isLoggedIn)
    return (
      <div className="msf-count" aria-label="Keywords tracked">
        <p>
          Keywords tracked: <strong>0</strong>
        </p>
        <a href={withReturnUrl('/mainpurchase/?page=default', here)}>Sign Up</a>
      </div>
    );
  const data = count.data ?? { totalCount: 0, usedCount: 0, mySerpwiseCount: 0, weeklyTrackingCount: 0, keywordRankingReportCount: 0 };
  const parts = [
    { label: 'MySerpwise', value: data.mySerpwiseCount, className: 'msf-count__part--projects' },
    { label: 'Weekly Tracking', value: data.weeklyTrackingCount, className: 'msf-count__part--weekly' },
    { label: 'Keyword Recon Reports', value: data.keywordRankingReportCount, className: 'msf-count__part--recon' },
  ];
  return (
    <div className="msf-count" aria-label="Keywords tracked" aria-busy={count.isLoading}>
      <p>
        Keywords tracked: <strong>{formatNumber(data.usedCount)}</strong> of {formatNumber(data.totalCount)} <Link to="/upgrade">Upgrade</Link>
      </p>
      <div className="msf-count__bar" aria-hidden="true">
        <span className="msf-count__total" style={{ width: barWidth(data.usedCount, data.totalCount) }} />
      </div>
      <div className="msf-count__bar" aria-hidden="true">
        {parts.map((part) => (
          <span key={part.label} className={`msf-count__part ${part.className}`} style={{ width: barWidth(part.value, data.totalCount) }} />
        ))}
      </div>
      <ul className="msf-count__legend">
        {parts.map((part) => (
          <li key={part.label}>
            <span className={`msf-count__swatch ${part.className}`} /> {part.label}: {formatNumber(part.value)}
          </li>
        ))}
      </ul>
    </div>
  );
}
