import { rankAlertRuleText, type RankAlertRule } from '@serpwise/contracts';

/**
 * Rank alerts (issue 22 point 6), the pure part: what a project's tracked keyword looked like at the last rank
 * refresh and at this one, and which of an alert's rules that change meets. The worker reads the pages, keeps the
 * snapshots and sends; this decides.
 */

/** One keyword's results page as a project sees it: its own site's position (null: not in the results) and the top 10's sites. */
export interface RankSighting {
  position: number | null;
  /** The sites of the top 10 organic results, in order. */
  top10: string[];
}

export interface RankChange {
  rule: RankAlertRule;
  /** The rule as a key: with the refresh, the keyword and the competitor, what makes a change reported once. */
  ruleKey: string;
  previousPosition: number | null;
  position: number | null;
  competitor: string | null;
  message: string;
}

/** A result's site: the host without "www.", lower case; null for an address that is not one. */
export function siteOfUrl(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}

/** Whether a site is the project's domain or under it (blog.acme.example is acme.example's). */
export const isSiteOf = (site: string, domain: string) => site === domain || site.endsWith(`.${domain}`);

/** The project's sighting on a page of organic results (each with its 1-based position and address). */
export function sightingOf(results: readonly { position: number; url: string }[], domain: string): RankSighting {
  const ordered = [...results].sort((a, b) => a.position - b.position);
  const own = ordered.find((result) => {
    const site = siteOfUrl(result.url);
    return site !== null && isSiteOf(site, domain);
  });
  const top10 = [...new Set(ordered.filter((result) => result.position <= 10).map((result) => siteOfUrl(result.url)).filter((site): site is string => site !== null))];
  return { position: own?.position ?? null, top10 };
}

export const ruleKeyOf = (rule: RankAlertRule) => (rule.kind === 'moves' ? `moves:${rule.by}` : rule.kind === 'newCompetitor' ? 'newCompetitor' : `${rule.kind}:${rule.top}`);

const within = (position: number | null, top: number) => position !== null && position <= top;
const where = (position: number | null) => (position === null ? 'not in the results' : `#${position}`);

/**
 * The changes between two sightings of one keyword that the rules ask about. The first sighting of a keyword has
 * nothing to compare with: no change (an alert made today does not report the whole project as "new").
 */
export function rankChanges(keyword: string, domain: string, before: RankSighting | null, now: RankSighting, rules: readonly RankAlertRule[]): RankChange[] {
  if (!before) return [];
  const changes: RankChange[] = [];
  const change = (rule: RankAlertRule, message: string, competitor: string | null = null) =>
    changes.push({ rule, ruleKey: ruleKeyOf(rule), previousPosition: before.position, position: now.position, competitor, message });
  for (const rule of rules) {
    if (rule.kind === 'enters' && !within(before.position, rule.top) && within(now.position, rule.top))
      change(rule, `“${keyword}”: ${domain} entered the top ${rule.top} (${where(before.position)} → #${now.position}).`);
    else if (rule.kind === 'leaves' && within(before.position, rule.top) && !within(now.position, rule.top))
      change(rule, `“${keyword}”: ${domain} left the top ${rule.top} (#${before.position} → ${where(now.position)}).`);
    else if (rule.kind === 'moves' && before.position !== null && now.position !== null && Math.abs(before.position - now.position) >= rule.by) {
      const rose = now.position < before.position;
      change(rule, `“${keyword}”: ${domain} ${rose ? 'rose' : 'fell'} ${Math.abs(before.position - now.position)} places (#${before.position} → #${now.position}).`);
    } else if (rule.kind === 'newCompetitor') {
      for (const site of now.top10) {
        if (isSiteOf(site, domain) || before.top10.includes(site)) continue;
        change(rule, `“${keyword}”: ${site} is new in the top 10 (#${now.top10.indexOf(site) + 1}).`, site);
      }
    }
  }
  return changes;
}

/** The rules of an alert in words, for its mail: "leaves the top 10 (page one), moves by 3 or more places". */
export const rulesInWords = (rules: readonly RankAlertRule[]) => rules.map(rankAlertRuleText).join(', ');
