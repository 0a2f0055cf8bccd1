import { Icon } from './icons/icon';

/** Stars shown when the caller does not say (docs/product/account-exports-reports.md §5, §9). */
export const defaultStarCount = 3;

export interface StarRatingProps {
  /** How many stars are active. */
  value: number;
  /** Out of how many (3 by default). */
  max?: number;
  label: string;
  /** When given, the stars can be chosen (a radio group); otherwise the rating is read-only. */
  onChange?: (value: number) => void;
  size?: number;
}

/** Active stars out of 3 by default; the value is held between 0 and max. */
export function StarRating({ value, max = defaultStarCount, label, onChange, size = 18 }: StarRatingProps) {
  const count = Math.max(1, Math.floor(max));
  const active = Math.max(0, Math.min(count, Math.round(Number.isFinite(value) ? value : 0)));
  const stars = Array.from({ length: count }, (_, index) => index + 1);

  if (!onChange)
    return (
      <span className="ui-stars" role="img" aria-label={`${label}: ${active} of ${count} stars`} data-active={active}>
        {stars.map((star) => (
          <span key={star} className={`ui-stars__star${star <= active ? ' ui-stars__star--active' : ''}`} data-active={star <= active}>
            <Icon name="star" size={size} filled={star <= active} />
          </span>
        ))}
      </span>
    );

  return (
    <span className="ui-stars ui-stars--input" role="radiogroup" aria-label={label} data-active={active}>
      {stars.map((star) => (
        <button
          key={star}
          type="button"
          role="radio"
          aria-checked={star === active}
          aria-label={`${star} of ${count} stars`}
          className={`ui-stars__star${star <= active ? ' ui-stars__star--active' : ''}`}
          data-active={star <= active}
          onClick={() => onChange(star)}
        >
          <Icon name="star" size={size} filled={star <= active} />
        </button>
      ))}
    </span>
  );
}
