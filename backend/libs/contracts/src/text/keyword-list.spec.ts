import { keywordsOfList } from './keyword-list.js';

describe('keywordsOfList', () => {
  it('reads a plain list as before: one per line, commas also separate', () => {
    expect(keywordsOfList('Red Shoes\n\nred shoes\r\nBlue hats, green hats\n')).toEqual(['red shoes', 'blue hats', 'green hats']);
    expect(keywordsOfList('')).toEqual([]);
  });

  it('takes only the keyword column of a CSV with a header', () => {
    const csv = 'Keyword,Avg. monthly searches,Competition\nrunning shoes,"12,100",High\n"shoes, red",880,Low\n';
    expect(keywordsOfList(csv)).toEqual(['running shoes', 'shoes, red']);
  });

  it('finds the header after a Keyword Planner download’s title lines (tab-separated)', () => {
    const planner = 'Keyword Stats 2026-11-01 at 10_00_00\nAll locations\nKeyword\tCurrency\tAvg. monthly searches\nwireless earbuds\tUSD\t135000\nEarbuds  Sale\tUSD\t\n';
    expect(keywordsOfList(planner)).toEqual(['wireless earbuds', 'earbuds sale']);
  });

  it('reads a Search Console Queries.csv and a semicolon file from a comma-decimal locale', () => {
    expect(keywordsOfList('\uFEFFTop queries,Clicks,Impressions,CTR,Position\nseo tool,12,340,3.53%,8.2\n')).toEqual(['seo tool']);
    expect(keywordsOfList('Suchbegriff;Keyword;Volumen\nx;Laufschuhe;1,5\n')).toEqual(['laufschuhe']);
  });

  it('drops a one-cell "Keyword" header over a list, but keeps "keyword" typed alone', () => {
    expect(keywordsOfList('Keyword\nred shoes\nblue hats')).toEqual(['red shoes', 'blue hats']);
    expect(keywordsOfList('keyword')).toEqual(['keyword']);
    expect(keywordsOfList('keyword research, keyword tool')).toEqual(['keyword research', 'keyword tool']);
  });
});
