import { describe, expect, it } from '@jest/globals';
import { readSearchAnalyticsAnswer, SearchAnalyticsAnswerError } from './search-analytics-answer.js';
import { SearchConsoleDayRows } from './search-console-day-rows.js';

/** A small seeded generator, so a failure is the same failure on every run. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (below: number) => Math.floor(next() * below), pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]! };
}
type Random = ReturnType<typeof random>;

/** Texts a query or page may hold: plain, accented, other scripts, emoji, and what COPY or JSON must escape. */
const pieces = ['seo tools', 'https://example.com/a?b=c&d=e', 'café', 'größe', '日本語 キーワード', 'emoji 😀 ok', 'tab\there', 'line\nbreak', 'carriage\rreturn',
  'back\\slash', 'quote " inside', 'slash / path', '<script>&amp;', 'bell \u0007 and \u001f', 'form\ffeed\bback', '', ' ', 'ü', '\u2028\u2029', 'z'];

/** A value Google would not send but JSON may hold, to be passed over. */
const extras = [null, true, false, 0, -1.5e-3, 'extra', [], {}, [1, [2, { deep: ['x', null] }]], { nested: { a: [true, 'y'] } }];

/** One row as an object, with its members in a random order and sometimes extra ones. */
function randomRow(rng: Random): Record<string, unknown> {
  const keys = [rng.pick(pieces) + rng.pick(pieces), `https://example.com/${rng.pick(pieces)}`, '2026-10-01', rng.pick(['usa', 'gbr', 'deu', 'ind', 'zzz', '']), rng.pick(['DESKTOP', 'MOBILE', 'TABLET'])];
  const clicks = rng.pick([0, 1, 7, 42, 1234, 2_147_483_647, 2_147_483_648, 1e3]);
  const impressions = rng.pick([0, 1, 10, 99_999, 123_456_789]);
  const members: [string, unknown][] = [['keys', keys.slice(0, rng.next() < 0.05 ? rng.int(5) : 5)], ['clicks', clicks], ['impressions', impressions],
    ['ctr', clicks / Math.max(1, impressions)], ['position', rng.pick([1, 1.25, 3.3333333333333335, 100, 12.5, 7.000000000000001])]];
  if (rng.next() < 0.3) members.push([rng.pick(['extra', 'more', 'k']), rng.pick(extras)]);
  for (let index = members.length - 1; index > 0; index--) {
    const other = rng.int(index + 1);
    [members[index], members[other]] = [members[other]!, members[index]!];
  }
  return Object.fromEntries(members);
}

/** JSON with every character past ASCII (and some before) written as \u escapes, as some servers write it. */
function escapedJson(value: unknown, indent: string): string {
  return JSON.stringify(value, null, indent).replace(/[\u007f-\uffff/<>&=']/g, (char) => (char === '/' ? '\\/' : `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

/** An answer in one of the shapes a server may write: compact, indented, escaped, with spaces and line ends of its own. */
function randomAnswer(rng: Random): string {
  const rows = Array.from({ length: rng.int(12) }, () => randomRow(rng));
  const answer: Record<string, unknown> = rng.next() < 0.1 && !rows.length ? {} : { rows, responseAggregationType: 'byPage' };
  if (rng.next() < 0.5) delete answer.responseAggregationType;
  const style = rng.int(4);
  if (style === 0) return JSON.stringify(answer);
  if (style === 1) return JSON.stringify(answer, null, 2);
  if (style === 2) return escapedJson(answer, rng.pick(['', '\t', ' ']));
  return JSON.stringify(answer, null, 1).replace(/\n/g, rng.pick(['\r\n', '\n\n', ' \n\t']));
}

/** What the sync did before answers were read as bytes: JSON.parse, then `add` with each row's keys and figures. */
function addParsed(rows: SearchConsoleDayRows, text: string): number {
  const body = JSON.parse(text) as { rows?: { keys: unknown[]; clicks: number; impressions: number; position: number }[] } | null;
  const list = body?.rows ?? [];
  for (const row of list) {
    const keys = row.keys;
    rows.add(String(keys[0] ?? ''), String(keys[1] ?? ''), String(keys[3] ?? ''), String(keys[4] ?? ''), row.clicks, row.impressions, row.position);
  }
  return list.length;
}

/** Whether `text` is an answer of Google's shape as the old path read it (rows of objects with string keys and numbers). */
function isGoogleShape(text: string): boolean {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return false;
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return true;
  const rows = (body as { rows?: unknown }).rows;
  if (rows === undefined || rows === null) return true;
  return Array.isArray(rows) && rows.every((row) => row !== null && typeof row === 'object' && !Array.isArray(row)
    && Array.isArray((row as { keys?: unknown }).keys) && ((row as { keys: unknown[] }).keys).every((key) => typeof key === 'string')
    && ['clicks', 'impressions', 'position'].every((name) => typeof (row as Record<string, unknown>)[name] === 'number'));
}

const textOf = (rows: SearchConsoleDayRows) => Buffer.concat(rows.copyText());

/** Both ways over the same answer bytes: the text and count each gives, or that it refused. */
function bothWays(bytes: Buffer) {
  const parsed = new SearchConsoleDayRows('42', '2026-10-01', 512);
  const read = new SearchConsoleDayRows('42', '2026-10-01', 512);
  let parsedCount: number | 'refused';
  try {
    parsedCount = addParsed(parsed, bytes.toString('utf8'));
  } catch {
    parsedCount = 'refused';
  }
  let readCount: number | 'refused';
  try {
    readCount = read.addAnswer(bytes);
  } catch (error) {
    expect(error).toBeInstanceOf(SearchAnalyticsAnswerError);
    readCount = 'refused';
  }
  return { parsed, read, parsedCount, readCount };
}

describe('readSearchAnalyticsAnswer', () => {
  it('gives the same COPY text as JSON.parse and add, for answers of every shape a server writes', () => {
    const rng = random(20261129);
    for (let round = 0; round < 400; round++) {
      const bytes = Buffer.from(randomAnswer(rng), 'utf8');
      const { parsed, read, parsedCount, readCount } = bothWays(bytes);
      expect(readCount).toBe(parsedCount);
      expect(textOf(read).toString('utf8')).toBe(textOf(parsed).toString('utf8'));
      expect(textOf(read).equals(textOf(parsed))).toBe(true);
    }
  });

  it('refuses what JSON.parse refuses, and reads the same where both read, over answers with random bytes changed', () => {
    const rng = random(7);
    const refusals = { both: 0, same: 0 };
    for (let round = 0; round < 3_000; round++) {
      const bytes = Buffer.from(randomAnswer(rng), 'utf8');
      if (!bytes.length) continue;
      for (let change = 1 + rng.int(2); change > 0; change--) {
        const at = rng.int(bytes.length);
        bytes[at] = rng.pick([0x22, 0x5c, 0x2c, 0x7b, 0x7d, 0x5b, 0x5d, 0x3a, 0x30, 0x2d, 0x65, 0x2e, 0x20, 0x0a, 0x01, 0x75, 0x6e, 0xc3, 0xff, rng.int(256)]);
      }
      const text = bytes.toString('utf8');
      const { parsed, read, parsedCount, readCount } = bothWays(bytes);
      if (parsedCount === 'refused' && !isGoogleShape(text)) {
        // Not JSON, or JSON that is not Google's shape: refused by both (the old path with a TypeError or JSON's SyntaxError).
        if (readCount !== 'refused') {
          let json = true;
          try {
            JSON.parse(text);
          } catch {
            json = false;
          }
          // Valid JSON the old path choked on (a key that is not a list, say) may be read by neither or refused alone.
          expect(json).toBe(true);
        }
        refusals.both += 1;
        continue;
      }
      if (!isGoogleShape(text)) continue;
      expect(readCount).toBe(parsedCount);
      expect(textOf(read).equals(textOf(parsed))).toBe(true);
      refusals.same += 1;
    }
    // Both kinds were met many times: the test is not passing on one side only.
    expect(refusals.both).toBeGreaterThan(500);
    expect(refusals.same).toBeGreaterThan(300);
  });

  it('reads figures written in every form JSON allows as JSON.parse reads them, the position written as String() writes it', () => {
    const forms = ['1', '1.5', '1.50', '-0', '0', '0.0', '-0.5', '12.340', '100', '1E2', '1e+2', '2.5e-1', '0.000001', '0.0000001', '0.00000123', '5e-7',
      '123456789012345', '1234567890123456', '3.3333333333333335', '7.000000000000001', '0.1', '0.30000000000000004', '99999999999999.9', '1e21', '123.456e3'];
    for (const form of forms) {
      const answer = Buffer.from(`{"rows":[{"keys":["q","p","d","c","v"],"clicks":${Number.isInteger(Number(form)) && !form.startsWith('-') ? form : '1'},"impressions":2,"position":${form}}]}`);
      const { parsed, read, parsedCount, readCount } = bothWays(answer);
      expect([form, readCount]).toEqual([form, parsedCount]);
      expect([form, textOf(read).toString('utf8')]).toEqual([form, textOf(parsed).toString('utf8')]);
    }
  });

  it('reads bytes that are not UTF-8 as JSON.parse does: each bad one a replacement character', () => {
    const answer = Buffer.concat([Buffer.from('{"rows":[{"keys":["bad '), Buffer.from([0xff, 0xc3]), Buffer.from(' byte","https://example.com/\xe9","2026-10-01","usa","MOBILE"],"clicks":1,"impressions":2,"position":3}]}', 'latin1')]);
    const { parsed, read, parsedCount, readCount } = bothWays(answer);
    expect(readCount).toBe(1);
    expect(parsedCount).toBe(1);
    expect(textOf(read).toString('utf8')).toBe('42\t2026-10-01\tbad \ufffd\ufffd byte\thttps://example.com/\ufffd\tusa\tMOBILE\t1\t2\t3\n');
    expect(textOf(read).equals(textOf(parsed))).toBe(true);
  });

  it('reads an answer without rows as none, and member names written with escapes as the names they are', () => {
    const rows = new SearchConsoleDayRows('1', '2026-01-02');
    expect(rows.addAnswer(Buffer.from('{"responseAggregationType":"byPage"}'))).toBe(0);
    expect(rows.addAnswer(Buffer.from(' { "rows" : null } '))).toBe(0);
    expect(rows.addAnswer(Buffer.from('[]'))).toBe(0);
    expect(rows.addAnswer(Buffer.from('{"\\u0072ows":[{"k\\u0065ys":["q","p","d","c","v"],"clicks":1,"impre\\u0073sions":2,"position":3.5}]}'))).toBe(1);
    expect(textOf(rows).toString('utf8')).toBe('1\t2026-01-02\tq\tp\tc\tv\t1\t2\t3.5\n');
  });

  it('refuses a row of another shape, saying what is wrong', () => {
    const row = (members: string) => Buffer.from(`{"rows":[{${members}}]}`);
    const read = (bytes: Buffer) => () => readSearchAnalyticsAnswer(bytes, () => undefined);
    expect(read(row('"keys":["q"],"clicks":1,"impressions":2'))).toThrow('a row without clicks, impressions or position');
    expect(read(row('"keys":["q",7],"clicks":1,"impressions":2,"position":1'))).toThrow('a key that is not a string');
    expect(read(Buffer.from('{"rows":{"keys":[]}}'))).toThrow('"rows" that is not a list');
    expect(read(Buffer.from('{"rows":[],"rows":[]}'))).toThrow('a second "rows"');
    expect(read(Buffer.from('{"rows":[]} x'))).toThrow("Google's Search Console answer could not be read: more after the answer at byte 12");
    expect(read(Buffer.from('{"rows":[{"keys":["a\tb"],"clicks":1,"impressions":1,"position":1}]}'))).toThrow('a control character in a string');
    expect(read(Buffer.from('{"rows":[{"keys":["q"],"clicks":01,"impressions":1,"position":1}]}'))).toThrow();
  });

  it('reads many rows with each key where it lies, and figures whole or not', () => {
    const seen: string[] = [];
    const bytes = Buffer.from(JSON.stringify({ rows: [{ keys: ['a', 'b'], clicks: 1e2, impressions: 5, position: -0.5 }, { position: 2, impressions: 0, clicks: 0, keys: [] }] }));
    const count = readSearchAnalyticsAnswer(bytes, (row) => {
      const keys = Array.from({ length: row.keyCount }, (_, index) => bytes.toString('utf8', row.keyStart[index], row.keyEnd[index]));
      seen.push(`${keys.join('|')} ${row.clicks} ${row.impressions} ${row.position}`);
    });
    expect(count).toBe(2);
    expect(seen).toEqual(['a|b 100 5 -0.5', ' 0 0 2']);
  });
});
