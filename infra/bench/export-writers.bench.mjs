// @ts-check
// `npm run bench -- export-writers` (issue 18, "figures no worse than before"; docs/benchmarks.md, "Issue 18: before
// and after"). What the two provenance cells every exported row ends with (Data Source, Data Date; issue 20) cost the
// export's CPU: the built export loop (rows → cells) and the built CsvWriter / XlsxWriter, 500,000 backlink-like rows
// (BENCH_WRITER_ROWS) in the export's batches (5,000 for CSV, 2,000 for XLSX), three ways, side by side and alternated
// batch by batch, in 11 rounds (BENCH_WRITER_ROUNDS) after one warm-up round (with 3, one way's round-to-round swing of
// up to 20 % moved the median ratio by ±0.07: docs/benchmarks.md, "The CSV tail as one join"):
//   without — the row's own cells only (the anchor: the file as it was before issue 20);
//   inline  — the two cells made and encoded on every row, through the generic path (the export loop until perf18);
//   tails   — the two cells made once per source and handed to the writer as the row's tail, encoded once per file
//             (export-row-cells.ts; the export loop now).
// CPU time of the process (process.cpuUsage: every thread, so deflate's too) around each batch's cells and write; the
// rows themselves are made before, untimed, fresh objects per batch as the COPY parser makes them. Target: tails /
// without ≤ 1.1× (median over the rounds). Needs no database (run.mjs still finds PostgreSQL and Redis; unused).
// Measured in a child process of its own, with a fresh heap as the export worker has: under `npm run bench -- all`
// it ran in the process that had run ten benches before, whose heap made each collection dearer, and a way that
// allocates a fifth more bytes paid that fifth more (1.13–1.15× there, 1.07–1.08× alone, the same code).
import { spreadsheetCell } from '@serpwise/contracts';
import { batchCellsFor, CsvWriter, exportBatchRows, exportColumns, provenanceTails, XlsxWriter, xlsxBatchRows } from '@serpwise/domain';
import { rowProvenance, rowSourceColumn } from '@serpwise/research';
import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Writable } from 'node:stream';
import { reportFigure } from './lib/figures.mjs';

const totalRows = Number(process.env.BENCH_WRITER_ROWS ?? 500_000);
// 11: with 7, one round's garbage collection landing in one way's windows (the writer without its cells swung from
// 953 to 1,374 ms within one run) moved the XLSX median ratio between 1.04× and 1.11× in two runs of one session.
const rounds = Number(process.env.BENCH_WRITER_ROUNDS ?? 11);
const limit = 1.1;
const viewer = '11111111-1111-1111-1111-111111111111';

/** The export's sources as data_source answers them: the demo market, a provider fetch, the viewer's own import. */
const sourceRows = [
  { id: 1, kind: 'demo', label: 'Demo market', format: null, owner_user_id: null, fetched_on: '2026-10-01' },
  { id: 2, kind: 'provider', label: 'DataForSEO: example.com (US)', format: null, owner_user_id: null, fetched_on: '2026-11-20' },
  { id: 3, kind: 'import', label: 'links.csv', format: 'serp', owner_user_id: viewer, fetched_on: '2026-11-02' },
];

/** A batch of backlink rows as the COPY parser hands them over (seo/backlinks' columns), several sources mixed. */
function backlinkRows(/** @type {number} */ from, /** @type {number} */ count) {
  const rows = [];
  for (let index = from; index < from + count; index += 1) {
    const domain = `linking-site-${index % 5_000}.example`;
    // Every 50th anchor starts with - or =, so the formula guard works as in the exports bench.
    const anchor = index % 50 === 0 ? `${index % 100 === 0 ? '=' : '-'}anchor text ${index}` : `anchor text ${index % 977}`;
    rows.push({
      sourceUrl: `https://${domain}/articles/${index}/a-page-about-things`,
      sourceDomain: domain,
      targetUrl: `https://exports-bench.example/page-${index % 200}`,
      anchor,
      nofollow: index % 7 === 0,
      firstSeen: `2026-${String(1 + (index % 9)).padStart(2, '0')}-${String(1 + (index % 28)).padStart(2, '0')}`,
      lastSeen: index % 11 === 0 ? '2026-10-15' : null,
      live: index % 11 !== 0,
      [rowSourceColumn]: index % 10 === 0 ? 3 : index % 3 === 0 ? 2 : 1,
    });
  }
  return rows;
}

/** A stream that takes every byte and keeps none (the disk is not what is measured). */
const sink = () => new Writable({ write: (_chunk, _encoding, done) => done() });

/**
 * The ways' order, batch after batch (then again): every order once, chained so that each way follows each other way
 * equally often, across batches too. A way's garbage is partly collected — on the collector's threads, which
 * process.cpuUsage counts — in the window of the way after it. With the order merely turning (W I T, I T W, T W I),
 * tails followed inline, the way that allocates most, two times in three, and paid for its garbage: 1.17× under
 * `npm run bench -- all` against 1.06× alone, the same code (docs/benchmarks.md, "sixth session").
 */
const batchOrders = /** @type {const} */ ([
  ['without', 'inline', 'tails'], ['without', 'tails', 'inline'], ['tails', 'inline', 'without'],
  ['inline', 'without', 'tails'], ['inline', 'tails', 'without'], ['tails', 'without', 'inline'],
]);

/**
 * One round: the three files written side by side, batch by batch, in the orders above (so drift in the machine's
 * load, and each way's garbage, hit all three alike); each way's CPU milliseconds of its timed parts.
 * @param {'csv' | 'xlsx'} format @param {(source: unknown) => import('@serpwise/research').ExportProvenance} provenanceOf
 */
async function writeFiles(format, provenanceOf) {
  const batchRows = format === 'csv' ? exportBatchRows : xlsxBatchRows;
  const withCells = exportColumns(backlinkRows(0, 1)[0], []);
  const own = withCells.slice(0, -2);
  const ways = /** @type {const} */ (['without', 'inline', 'tails']);
  const files = Object.fromEntries(ways.map((way) => [way, {
    writer: format === 'csv' ? new CsvWriter(sink()) : new XlsxWriter(sink()),
    columns: way === 'without' ? own : withCells,
    cpu: 0,
  }]));
  const cellsOf = batchCellsFor(withCells, provenanceTails());
  for (const way of ways) await files[way].writer.header(files[way].columns);
  for (let from = 0, batch = 0; from < totalRows; from += batchRows, batch += 1) {
    for (const way of batchOrders[batch % batchOrders.length]) {
      const file = files[way];
      // Fresh row objects for each way, made untimed (the inline way sets two keys on them).
      const rows = backlinkRows(from, Math.min(batchRows, totalRows - from));
      const start = process.cpuUsage();
      if (way === 'without') {
        await file.writer.rows(rows.map((row) => own.map((column) => spreadsheetCell(/** @type {Record<string, unknown>} */ (row)[column]))));
      } else if (way === 'inline') {
        // The export loop before perf18: the provenance set on each row object, then every column a cell.
        await file.writer.rows(rows.map((row) => {
          const provenance = provenanceOf(row[rowSourceColumn]);
          /** @type {Record<string, unknown>} */ (row)['dataSource'] = provenance.dataSource;
          /** @type {Record<string, unknown>} */ (row)['dataDate'] = provenance.dataDate;
          return withCells.map((column) => spreadsheetCell(/** @type {Record<string, unknown>} */ (row)[column]));
        }));
      } else {
        // The export loop now (table-export.ts): each row's provenance beside it, its cells with their tail.
        const provenances = rows.map((row) => provenanceOf(row[rowSourceColumn]));
        const { cells, tails } = cellsOf(rows, provenances);
        await file.writer.rows(cells, tails);
      }
      const used = process.cpuUsage(start);
      file.cpu += (used.user + used.system) / 1000;
    }
  }
  for (const way of ways) await files[way].writer.finish();
  return { without: files.without.cpu, inline: files.inline.cpu, tails: files.tails.cpu };
}

const median = (/** @type {number[]} */ values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** @param {{ log: (line: string) => void }} context */
export async function run({ log }) {
  const child = fork(fileURLToPath(import.meta.url), [], { env: { ...process.env, BENCH_EXPORT_WRITERS_CHILD: '1' }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  /** @type {string[] | null} */
  let misses = null;
  child.on('message', (/** @type {{ line?: string, misses?: string[] }} */ message) => {
    if (message.line !== undefined) log(message.line);
    if (message.misses) misses = message.misses;
  });
  const [code] = await new Promise((resolve) => child.once('exit', (...exit) => resolve(exit)));
  if (!misses) throw new Error(`the export-writers child process ended (${code}) without its figures`);
  return { misses };
}

if (process.env.BENCH_EXPORT_WRITERS_CHILD === '1') {
  const send = (/** @type {object} */ message) => new Promise((resolve) => /** @type {NonNullable<typeof process.send>} */ (process.send)(message, resolve));
  // Lines go out as they come (IPC keeps their order), the misses last.
  const { misses } = await measure({ log: (line) => void send({ line }) });
  await send({ misses });
  process.disconnect();
}

/** @param {{ log: (line: string) => void }} context */
async function measure({ log }) {
  const provenanceOf = await rowProvenance({ query: async () => /** @type {any} */ (sourceRows) }, {
    viewerUserId: viewer,
    month: '2026-10-01',
    file: { dataSource: 'Demo data', dataDate: '2026-10' },
  });
  /** @type {string[]} */
  const misses = [];
  const load = () => loadavg().map((value) => value.toFixed(2)).join(' ');
  log(`${totalRows.toLocaleString('en-US')} backlink rows, ${rounds} rounds alternated; load average ${load()}`);
  for (const format of /** @type {const} */ (['csv', 'xlsx'])) {
    // A warm-up round, so the first timed one does not pay for compiling.
    await writeFiles(format, provenanceOf);
    /** @type {Record<string, number[]>} */
    const cpu = { without: [], inline: [], tails: [] };
    for (let round = 0; round < rounds; round += 1) {
      const used = await writeFiles(format, provenanceOf);
      for (const way of /** @type {const} */ (['without', 'inline', 'tails'])) cpu[way].push(used[way]);
    }
    const runs = (/** @type {number[]} */ values) => values.map((value) => Math.round(value)).join(' / ');
    log(`${format.toUpperCase()} CPU ms — without ${runs(cpu.without)}; inline ${runs(cpu.inline)}; tails ${runs(cpu.tails)}`);
    const without = median(cpu.without);
    const inline = median(cpu.inline) / without;
    const tails = median(cpu.tails) / without;
    log(`${format.toUpperCase()} with the two cells / without: inline (before perf18) ${inline.toFixed(2)}×, tails (now) ${tails.toFixed(2)}×; target tails ≤ ${limit}× → ${tails <= limit ? 'meets' : 'MISSES'}`);
    reportFigure(log, `${format.toUpperCase()} writer CPU with the two provenance cells / without (500,000 rows)`, tails, '×', { op: '≤', limit });
    if (tails > limit) misses.push(`${format.toUpperCase()} with provenance ${tails.toFixed(2)}× without`);
  }
  log(`load average ${load()}`);
  return { misses };
}
