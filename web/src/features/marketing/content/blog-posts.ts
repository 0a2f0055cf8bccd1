export interface BlogPost {
  slug: string;
  title: string;
  date: string;
  author: string;
  summary: string;
  body: string[];
}

/** A few articles for /blog (the spec names the Blog link but not its content). */
export const blogPosts: BlogPost[] = [
  {
    slug: 'longest-running-ads',
    title: 'The longest-running ads are the ones that make money',
    date: '2026-11-04',
    author: 'Dana Whitfield',
    summary: 'Advertisers stop paying for ads that lose money. So an ad that has run for two years is telling you something.',
    body: [
      'Nobody keeps paying for a search ad that loses money. Budgets get reviewed every month, and ads that don’t convert get paused. That makes an ad’s lifetime one of the most honest signals in paid search.',
      'Open Ad History for a keyword you care about and sort by the number of months each ad ran. The ads at the top have survived dozens of budget reviews. Read their headlines: the offers, the words and the calls to action they use are the ones that convert in your market.',
      'Then do the same for your competitors’ domains. The keywords they have bought without a break for a year or more are keywords that pay for them. Those belong at the top of your own list.',
    ],
  },
  {
    slug: 'kombat-for-pitches',
    title: 'How agencies use Kombat to win pitches',
    date: '2026-10-15',
    author: 'Luis Moreno',
    summary: 'One slide that shows a prospect the keywords all of their competitors rank for — except them.',
    body: [
      'Prospects don’t buy audits. They buy the feeling that you already understand their market. The fastest way we know to create that feeling is a Kombat slide.',
      'Put the prospect’s domain next to their two strongest competitors. Kombat lists the keywords all three rank for (the core of the market), the ones only the competitors rank for (the gaps) and the ones only the prospect has (their strengths).',
      'Lead with the gaps, sorted by monthly clicks. Every row is a sentence the prospect can repeat to their boss: “they get 4,000 visits a month from this and we get none.”',
    ],
  },
  {
    slug: 'reading-ranking-history',
    title: 'Reading ranking history without fooling yourself',
    date: '2026-09-22',
    author: 'Dana Whitfield',
    summary: 'A drop of three positions in one month is noise. A slide over six months is a trend. Here is how to tell them apart.',
    body: [
      'Rankings move every day. Monthly history smooths that out, but single months can still mislead: an algorithm update, a seasonal search, a page that was briefly down.',
      'Look for runs instead of steps. A keyword that lost a position in each of the last four months is in trouble; a keyword that dropped five places once and came back is not.',
      'Compare the page’s keywords together. When most of a page’s keywords slide at the same time, the page needs work. When one keyword moves on its own, look at who took its place on page one.',
    ],
  },
];
