// Which one-segment paths are competitor-comparison pages. Kept apart from the (lazily loaded) page, so the router can show
// the 404 page for any other segment at once, without waiting for the page's chunk.

/** Display names of the competitors we name (any other {name}-alternative is title-cased from its slug). */
const knownNames: Record<string, string> = {
  semrush: 'Semrush',
  ahrefs: 'Ahrefs',
  moz: 'Moz',
  similarweb: 'Similarweb',
  serpstat: 'Serpstat',
  'se-ranking': 'SE Ranking',
  ubersuggest: 'Ubersuggest',
};

/** 'semrush-alternative' → 'Semrush'; null when the slug is not a competitor-comparison page. */
export function competitorOf(slug: string | undefined): string | null {
  const match = /^([a-z0-9][a-z0-9-]*)-alternative$/i.exec(slug ?? '');
  if (!match) return null;
  const key = match[1]!.toLowerCase();
  return knownNames[key] ?? key.split('-').map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');
}

export const alternativeTitle = (competitor: string) => `The ${competitor} Alternative (with Unlimited Data)`;
