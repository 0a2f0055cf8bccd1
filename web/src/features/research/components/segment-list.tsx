import { formatNumber } from '@/lib/format';

/** The kombat segments beside the Venn (SEO and PPC): each with its label, explanation and keyword count. */
export function SegmentList<Segment extends string>({
  segments,
  texts,
  counts,
  selected,
  onSelect,
}: {
  segments: readonly Segment[];
  texts: Record<Segment, { label: string; text: string }>;
  counts: Record<Segment, number>;
  selected: Segment;
  /** null for 'all', the default segment, which the address leaves out. */
  onSelect: (segment: Segment | null) => void;
}) {
  return (
    <ul className="segment-list" aria-label="Segments">
      {segments.map((value) => (
        <li key={value}>
          <button type="button" aria-pressed={selected === value} onClick={() => onSelect(value === 'all' ? null : value)}>
            <strong>{texts[value].label}</strong>
            <small>{texts[value].text}</small>
            <span className="segment-list__count">{formatNumber(counts[value])}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
