/** Marketing texts the specification gives word for word (docs/product/site.md §1, §2), in one place. */
export const marketingTexts = {
  landingHeadline: 'Our marketing revenue engine boosts SEO & PPC profits',
  insideHeading: "See what's inside",
  trustHeading: 'Trusted by the brands you trust',
  membershipFrom: 'Membership starts at $33/month',
  unlimitedUpsell: 'Unlimited access only $33',
  unlimitedEverything: 'Unlimited data, searches and downloads on every plan',
  moneyBack: '30-day no-questions-asked money-back guarantee',
  noContracts: 'No contracts',
  /** The default banner button ('try {product} today, risk free', with the brand replaced as the README says). */
  defaultCta: 'Try it today, risk free',
  defaultCtaLink: '/mainpurchase',
  liveData: 'Ranking data is Live, updated 5 seconds ago',
  /** The size claim of the footer (docs/product/site.md §2): used unless the warehouse holds real data to count. */
  indexedResults: '73 billion',
  indexedDomains: '123 million',
} as const;

/** The banner/footer call to action, with the footerCtaText and footerCtaLink settings taking precedence. */
export function ctaOf(tracking: { footerCtaText: string | null; footerCtaLink: string | null } | undefined): { text: string; link: string } {
  return {
    text: tracking?.footerCtaText?.trim() || marketingTexts.defaultCta,
    link: tracking?.footerCtaLink?.trim() || marketingTexts.defaultCtaLink,
  };
}

/** 73_400_000_000 → '73 billion' (whole units, rounded down: a claim says "over"). */
export function inWords(value: number): string {
  const units: [number, string][] = [
    [1e12, 'trillion'],
    [1e9, 'billion'],
    [1e6, 'million'],
    [1e3, 'thousand'],
  ];
  for (const [size, word] of units) if (value >= size) return `${Math.floor(value / size).toLocaleString('en-US')} ${word}`;
  return Math.floor(value).toLocaleString('en-US');
}
