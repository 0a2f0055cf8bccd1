import { useSearchParams } from 'react-router';

/** The ?month= of a research page (YYYY-MM, the month picker's), or null when the page shows its subject's newest month. */
export function useMonthParam(): string | null {
  const [params] = useSearchParams();
  const month = params.get('month');
  return month && /^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? month : null;
}
