import { describe, expect, it } from '@jest/globals';
import { figure, figureLine, formatTarget, formatValue, meetsTarget, parseFigureLine, renderTable, replaceBetweenMarkers, reportFigure, tableEnd, tableStart } from './figures.mjs';

describe('figures', () => {
  it('judges a value against each kind of target, an unknown value never meeting one', () => {
    expect([meetsTarget(1.5, { op: '≤', limit: 1.5 }), meetsTarget(1.51, { op: '≤', limit: 1.5 })]).toEqual([true, false]);
    expect([meetsTarget(400, { op: '<', limit: 400 }), meetsTarget(399.9, { op: '<', limit: 400 })]).toEqual([false, true]);
    expect([meetsTarget(0.8, { op: '≥', limit: 0.8 }), meetsTarget(0.79, { op: '≥', limit: 0.8 })]).toEqual([true, false]);
    expect([meetsTarget(100, { op: '>', limit: 100 }), meetsTarget(101, { op: '>', limit: 100 })]).toEqual([false, true]);
    expect([meetsTarget(null, { op: '≥', limit: 0 }), meetsTarget(Number.NaN, { op: '≤', limit: 1 })]).toEqual([false, false]);
    expect(figure('no anchor', Number.NaN, '×', { op: '≤', limit: 3 })).toEqual({ name: 'no anchor', value: null, unit: '×', target: { op: '≤', limit: 3 }, meets: false });
    expect(figure('no target', 1.2, 'ms')).toEqual({ name: 'no target', value: 1.2, unit: 'ms', target: null, meets: null });
  });

  it('reads back the line a bench logs, with or without the runner’s [name] prefix, and nothing else', () => {
    const lines = [];
    const held = reportFigure((line) => lines.push(line), 'CSV, 500,000 rows / psql \\copy "same SQL"', 1.44, '×', { op: '≤', limit: 1.5 });
    const missed = reportFigure((line) => lines.push(line), 'worker peak RSS', 481, 'MB', { op: '<', limit: 400 });
    expect([held, missed]).toEqual([true, false]);
    expect(parseFigureLine(lines[0])).toEqual({ name: 'CSV, 500,000 rows / psql \\copy "same SQL"', value: 1.44, unit: '×', target: { op: '≤', limit: 1.5 }, meets: true });
    expect(parseFigureLine(`[exports] ${lines[1]}`)?.meets).toBe(false);
    expect(parseFigureLine('CSV: 2,691 ms = 1.53× psql \\copy (1,758 ms); target ≤ 1.5× → MISSES')).toBeNull();
    expect(parseFigureLine('a line that mentions FIGURE {"name":"x","unit":""} in passing')).toBeNull();
    expect(parseFigureLine('FIGURE {not json')).toBeNull();
    expect(parseFigureLine(figureLine(figure('count', 3, '')))).toEqual({ name: 'count', value: 3, unit: '', target: null, meets: null });
  });

  it('formats ratios with two decimals and other values to what the noise allows', () => {
    expect([formatValue(1.234, '×'), formatValue(12.34, '×'), formatValue(2.468, 'ms'), formatValue(24.68, 'ms'), formatValue(1234.5, 'ms'), formatValue(10000, ''), formatValue(0, ''), formatValue(2, '×'), formatValue(null, 'MB')])
      .toEqual(['1.23×', '12.34×', '2.47 ms', '24.7 ms', '1,235 ms', '10,000', '0', '2.00×', 'unknown']);
    expect([formatTarget({ op: '≤', limit: 1.5 }, '×'), formatTarget({ op: '≥', limit: 100 }, '×'), formatTarget({ op: '<', limit: 400 }, 'MB'), formatTarget({ op: '≤', limit: 0 }, ''), formatTarget(null, 'ms')])
      .toEqual(['≤ 1.5×', '≥ 100×', '< 400 MB', '≤ 0', '—']);
  });

  it('renders one table: every figure, its target and verdict, the load on each bench’s first row, the date and commit above', () => {
    const table = renderTable({
      startedAt: new Date('2026-11-28T05:00:00Z'),
      finishedAt: new Date('2026-11-28T06:12:00Z'),
      commit: 'abcdef12',
      machine: '2 cores, Node v24.1.0',
      results: [
        { bench: 'exports', loadBefore: 1.04, loadAfter: 1.96, figures: [figure('CSV / psql \\copy', 1.44, '×', { op: '≤', limit: 1.5 }), figure('peak | RSS', 481, 'MB', { op: '<', limit: 400 })] },
        { bench: 'queues', loadBefore: 2, loadAfter: 2.5, figures: [figure('no-op overhead per job', 0.731, 'ms')], error: null, settled: 'quiet after 12 s' },
        { bench: 'research', loadBefore: 0.5, loadAfter: 0.7, figures: [], error: 'the warehouse has too few domains' },
      ],
    });
    expect(table.split('\n')).toEqual([
      '`npm run bench -- all` on 2026-11-28, 05:00–06:12 UTC, commit `abcdef12`, 2 cores, Node v24.1.0.',
      '1 target met, 1 missed, 1 bench did not finish; ratios are against an anchor measured in the same run.',
      '',
      '| bench | figure | value | target | result | load (1 min) before → after |',
      '|---|---|---|---|---|---|',
      '| exports | CSV / psql \\copy | 1.44× | ≤ 1.5× | meets | 1.0 → 2.0 |',
      '|  | peak \\| RSS | 481 MB | < 400 MB | **misses** |  |',
      '| queues | no-op overhead per job | 0.73 ms | — | — | 2.0 → 2.5 (quiet after 12 s) |',
      '| research | did not finish: the warehouse has too few domains | — | — | **misses** | 0.5 → 0.7 |',
    ]);
  });

  it('replaces only what lies between the markers, and refuses a document without exactly one pair', () => {
    const document = `# Benchmarks\n\nintro\n${tableStart}\nold table\nold line\n${tableEnd}\n\n## Exports\n`;
    expect(replaceBetweenMarkers(document, '| new |\n')).toBe(`# Benchmarks\n\nintro\n${tableStart}\n| new |\n${tableEnd}\n\n## Exports\n`);
    expect(replaceBetweenMarkers(replaceBetweenMarkers(document, 'a'), 'b')).toBe(replaceBetweenMarkers(document, 'b'));
    expect(() => replaceBetweenMarkers('# no markers', 'x')).toThrow('bench-all');
    expect(() => replaceBetweenMarkers(`${tableEnd}\n${tableStart}`, 'x')).toThrow('bench-all');
    expect(() => replaceBetweenMarkers(`${tableStart}${tableEnd}${tableStart}${tableEnd}`, 'x')).toThrow('bench-all');
  });
});
