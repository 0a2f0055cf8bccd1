/**
 * The home page variants (docs/product/site.md §2: "Variant chosen by query parameter alt with ids 1 to 10; the chosen id is remembered
 * and written back into the URL"). Every variant keeps the documented headline; they differ in the supporting line,
 * the colour of the hero and the order of the sections below it.
 */
export const homeVariantIds = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
export type HomeVariantId = (typeof homeVariantIds)[number];

export interface HomeVariant {
  id: HomeVariantId;
  subheadline: string;
  theme: 'midnight' | 'ocean' | 'violet' | 'forest' | 'light';
  /** Which below-the-fold section comes first. */
  leadWith: 'carousel' | 'inside' | 'pricing';
}

export const homeVariants: Record<HomeVariantId, HomeVariant> = {
  1: { id: 1, subheadline: 'See the keywords, ads and rankings your competitors profit from — then take them.', theme: 'midnight', leadWith: 'carousel' },
  2: { id: 2, subheadline: 'Every keyword your competitors bought or ranked for, going back 14 years.', theme: 'ocean', leadWith: 'carousel' },
  3: { id: 3, subheadline: 'Search any domain and see exactly where its traffic and ad budget come from.', theme: 'violet', leadWith: 'inside' },
  4: { id: 4, subheadline: 'Unlimited searches, unlimited data, one flat price. Start with a competitor.', theme: 'midnight', leadWith: 'pricing' },
  5: { id: 5, subheadline: 'Find the keywords that pay, skip the ones that don’t, and prove it to your clients.', theme: 'forest', leadWith: 'carousel' },
  6: { id: 6, subheadline: 'The research agencies use to win pitches: SEO, PPC and backlinks in one search.', theme: 'ocean', leadWith: 'inside' },
  7: { id: 7, subheadline: 'Stop guessing what works in search. Copy what already does.', theme: 'light', leadWith: 'carousel' },
  8: { id: 8, subheadline: 'Competitor keywords, ad copy and backlinks — downloaded as often as you like.', theme: 'violet', leadWith: 'pricing' },
  9: { id: 9, subheadline: 'Know which ads made money before you spend a dollar on yours.', theme: 'forest', leadWith: 'inside' },
  10: { id: 10, subheadline: 'Rank tracking, outreach and white-label reports for every client you win.', theme: 'light', leadWith: 'carousel' },
};

export const homeVariantStorageKey = 'serpwise:home-alt';

export function parseVariantId(value: string | null | undefined): HomeVariantId | null {
  if (!value || !/^\d{1,2}$/.test(value.trim())) return null;
  const id = Number(value);
  return (homeVariantIds as readonly number[]).includes(id) ? (id as HomeVariantId) : null;
}

/**
 * The variant to show: the address's alt when it is 1–10, else the remembered one, else a random pick (which is then
 * remembered). `writeBack` says whether the address must be corrected to carry it.
 */
export function chooseHomeVariant(search: string, remembered: string | null, random: () => number = Math.random): { id: HomeVariantId; writeBack: boolean } {
  const raw = new URLSearchParams(search).get('alt');
  const fromAddress = parseVariantId(raw);
  if (fromAddress) return { id: fromAddress, writeBack: raw !== String(fromAddress) };
  const id = parseVariantId(remembered) ?? homeVariantIds[Math.min(homeVariantIds.length - 1, Math.floor(random() * homeVariantIds.length))]!;
  return { id, writeBack: true };
}

/** The address search with alt set to the variant, other parameters kept. */
export function withVariant(search: string, id: HomeVariantId): string {
  const params = new URLSearchParams(search);
  params.set('alt', String(id));
  return `?${params.toString()}`;
}
