/**
 * A Keyword Planner download in its plainest shape (the header on line 1, no monthly columns: the date comes from the
 * import form), UTF-16LE with a byte-order mark and tab-separated as Google writes it, for keywords a test picks at
 * run time (a demo-market keyword, say). Bids are the top-of-page range in US dollars; competition the indexed value.
 */
export interface PlannerLine {
  keyword: string;
  volume: number;
  /** 0 to 100. */
  competitionIndex?: number;
  bidLow?: number;
  bidHigh?: number;
}

const header = ['Keyword', 'Currency', 'Avg. monthly searches', 'Three month change', 'YoY change', 'Competition', 'Competition (indexed value)',
  'Top of page bid (low range)', 'Top of page bid (high range)'];

export function keywordPlannerFile(lines: readonly PlannerLine[]): Buffer {
  const rows = lines.map((line) =>
    [line.keyword, 'USD', String(line.volume), '0%', '0%', 'Low', line.competitionIndex ?? '', line.bidLow ?? '', line.bidHigh ?? ''].join('\t'));
  return Buffer.from(`\ufeff${[header.join('\t'), ...rows].join('\r\n')}\r\n`, 'utf16le');
}
