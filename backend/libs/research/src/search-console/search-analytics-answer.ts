/**
 * Reads a searchAnalytics.query answer straight from its bytes: the rows' keys as spans of the bytes (to be copied
 * into COPY text as they are) and their figures as numbers, without the JavaScript objects `JSON.parse` makes. A
 * backfill reads millions of rows; parsed, decoded and collected, they were 40 % of the worker's CPU and the backfill's
 * slowest step on two cores (docs/decisions.md, "Search Console answers read as bytes").
 *
 * It is a whole JSON reader, not a pattern match: any valid JSON is read (members in any order, any whitespace,
 * members it does not use skipped whatever they hold), and what `JSON.parse` refuses it refuses too.
 */

/** Google's answer is not what searchAnalytics.query documents (or not JSON at all). */
export class SearchAnalyticsAnswerError extends Error {
  constructor(problem: string, at: number) {
    super(`Google's Search Console answer could not be read: ${problem} at byte ${at}`);
    this.name = 'SearchAnalyticsAnswerError';
  }
}

/** The most keys a row is read with: the dimensions searchAnalytics.query takes (query, page, date, country, device, …). */
const maxKeys = 8;

/**
 * One row as read, the same object for every row (nothing is made per row): key `index` is the string whose content
 * (between its quotes) is `bytes[keyStart[index]] … bytes[keyEnd[index] - 1]`, written as `keyKind[index]` says.
 */
export interface AnswerRow {
  readonly bytes: Uint8Array;
  readonly keyStart: Int32Array;
  readonly keyEnd: Int32Array;
  readonly keyKind: Uint8Array;
  keyCount: number;
  clicks: number;
  impressions: number;
  position: number;
  /** Where the position's text lies, when it is exactly what `String(position)` gives (else positionEnd is -1). */
  positionStart: number;
  positionEnd: number;
}

const enum Byte {
  Tab = 9,
  Newline = 10,
  Return = 13,
  Space = 32,
  Quote = 34,
  Plus = 43,
  Comma = 44,
  Minus = 45,
  Dot = 46,
  Zero = 48,
  Nine = 57,
  Colon = 58,
  UpperE = 69,
  OpenBracket = 91,
  Backslash = 92,
  CloseBracket = 93,
  LowerE = 101,
  OpenBrace = 123,
  CloseBrace = 125,
}

/** How a string's content is written in the answer. */
export const enum StringKind {
  /** ASCII without escapes: its text byte for byte. */
  Ascii = 0,
  /** Without escapes but with bytes over 127: its text byte for byte if they are valid UTF-8. */
  Unescaped = 1,
  /** With backslash escapes: its text only once decoded. */
  Escaped = 2,
}

/** The member names this reader uses (the others' values are passed over), and their bytes. */
const memberNames = ['rows', 'keys', 'clicks', 'impressions', 'position'] as const;
type MemberName = (typeof memberNames)[number];
const memberNameBytes = Object.fromEntries(memberNames.map((name) => [name, Buffer.from(name)])) as Record<MemberName, Buffer>;
/** The names by their length in bytes (a member name of no such length is none of them, whatever it holds). */
const memberNamesByLength: MemberName[][] = [];
for (const name of memberNames) (memberNamesByLength[name.length] ??= []).push(name);

const latin1 = new TextDecoder('latin1');

/**
 * Reads the answer, calling `onRow` for each row of its `rows` list in order; answers how many there were (0 for an
 * answer without rows, as Google sends past the last page). A row without clicks, impressions or position, a key that
 * is not a string, and anything that is not JSON are refused (SearchAnalyticsAnswerError).
 */
export function readSearchAnalyticsAnswer(bytes: Uint8Array, onRow: (row: AnswerRow) => void): number {
  return new AnswerReader(bytes, onRow).read();
}

class AnswerReader {
  private at = 0;
  private rowsRead = 0;
  private rowsSeen = false;
  private readonly row: AnswerRow;

  constructor(private readonly bytes: Uint8Array, private readonly onRow: (row: AnswerRow) => void) {
    this.row = { bytes, keyStart: new Int32Array(maxKeys), keyEnd: new Int32Array(maxKeys), keyKind: new Uint8Array(maxKeys), keyCount: 0, clicks: Number.NaN, impressions: Number.NaN, position: Number.NaN, positionStart: 0, positionEnd: -1 };
  }

  read(): number {
    this.space();
    if (this.bytes[this.at] === Byte.OpenBrace) this.answerObject();
    // Not an object (an empty list, say): valid JSON without rows.
    else this.skipValue();
    this.space();
    if (this.at < this.bytes.length) this.fail('more after the answer');
    return this.rowsRead;
  }

  private answerObject(): void {
    if (!this.open(Byte.CloseBrace)) return;
    do {
      if (this.memberName() !== 'rows') {
        this.skipValue();
        continue;
      }
      // `JSON.parse` would keep the last of two; an answer with two is not Google's.
      if (this.rowsSeen) this.fail('a second "rows"');
      this.rowsSeen = true;
      if (this.literal('null')) continue;
      if (this.bytes[this.at] !== Byte.OpenBracket) this.fail('"rows" that is not a list');
      if (this.open(Byte.CloseBracket)) do this.rowObject(); while (this.next(Byte.CloseBracket));
    } while (this.next(Byte.CloseBrace));
  }

  private rowObject(): void {
    if (this.bytes[this.at] !== Byte.OpenBrace) this.fail('a row that is not an object');
    const row = this.row;
    row.keyCount = 0;
    row.clicks = row.impressions = row.position = Number.NaN;
    if (this.open(Byte.CloseBrace)) {
      do {
        const name = this.memberName();
        if (name === 'keys') this.keys();
        else if (name === 'clicks') row.clicks = this.number(true);
        else if (name === 'impressions') row.impressions = this.number(true);
        else if (name === 'position') {
          const start = this.at;
          row.position = this.number(true);
          row.positionStart = start;
          row.positionEnd = this.numberIsShortest ? this.at : -1;
        }
        else this.skipValue();
      } while (this.next(Byte.CloseBrace));
    }
    if (Number.isNaN(row.clicks) || Number.isNaN(row.impressions) || Number.isNaN(row.position)) this.fail('a row without clicks, impressions or position');
    this.rowsRead += 1;
    this.onRow(row);
  }

  /** A row's keys (the reader at its `[`): where each string's content lies. */
  private keys(): void {
    const row = this.row;
    if (this.bytes[this.at] !== Byte.OpenBracket) this.fail('"keys" that is not a list');
    row.keyCount = 0;
    if (!this.open(Byte.CloseBracket)) return;
    do {
      if (this.bytes[this.at] !== Byte.Quote) this.fail('a key that is not a string');
      const index = row.keyCount;
      const start = this.at + 1;
      const kind = this.string();
      if (index < maxKeys) {
        row.keyStart[index] = start;
        row.keyEnd[index] = this.at - 1;
        row.keyKind[index] = kind;
        row.keyCount = index + 1;
      }
    } while (this.next(Byte.CloseBracket));
  }

  /** Past an object's `{` or a list's `[`: whether a member or element follows (else past its `close` too). */
  private open(close: Byte.CloseBrace | Byte.CloseBracket): boolean {
    this.at += 1;
    this.space();
    if (this.bytes[this.at] !== close) return true;
    this.at += 1;
    return false;
  }

  /** After a member or element: whether another follows (else past the object's or list's `close`). */
  private next(close: Byte.CloseBrace | Byte.CloseBracket): boolean {
    this.space();
    const next = this.bytes[this.at++];
    if (next === close) return false;
    if (next !== Byte.Comma) this.fail(close === Byte.CloseBrace ? '"," or "}" expected' : '"," or "]" expected');
    this.space();
    return true;
  }

  /** A member's name and its colon: the reader at the member's value; the name when it is one this reader uses. */
  private memberName(): MemberName | null {
    if (this.bytes[this.at] !== Byte.Quote) this.fail('a member name expected');
    const start = this.at + 1;
    const kind = this.string();
    const name = this.nameOf(start, this.at - 1, kind);
    this.space();
    if (this.bytes[this.at] !== Byte.Colon) this.fail('":" expected');
    this.at += 1;
    this.space();
    return name;
  }

  /** Which of the names this reader uses the string content at [start, end) is, if any. */
  private nameOf(start: number, end: number, kind: StringKind): MemberName | null {
    if (kind !== StringKind.Ascii) {
      // Written with escapes ("\u0072ows"): what it decodes to.
      const text = JSON.parse(Buffer.from(this.bytes.buffer, this.bytes.byteOffset + start - 1, end - start + 2).toString('utf8')) as string;
      return (memberNames as readonly string[]).includes(text) ? (text as MemberName) : null;
    }
    const candidates = memberNamesByLength[end - start];
    if (!candidates) return null;
    const bytes = this.bytes;
    for (const name of candidates) {
      const expected = memberNameBytes[name];
      let index = 0;
      while (index < expected.length && bytes[start + index] === expected[index]) index++;
      if (index === expected.length) return name;
    }
    return null;
  }

  /**
   * A string (the reader at its opening quote), checked as JSON checks it; the reader ends after its closing quote.
   * Answers how its content is written.
   */
  private string(): StringKind {
    const bytes = this.bytes;
    let at = this.at + 1;
    let kind = StringKind.Ascii;
    for (;;) {
      if (at >= bytes.length) this.fail('an unterminated string');
      const byte = bytes[at]!;
      if (byte === Byte.Quote) break;
      if (byte < Byte.Space) this.fail('a control character in a string');
      if (byte === Byte.Backslash) {
        kind = StringKind.Escaped;
        const escaped = bytes[at + 1];
        if (escaped === 117 /* u */) {
          for (let digit = 2; digit < 6; digit++) if (!isHexDigit(bytes[at + digit])) this.fail('a bad \\u escape');
          at += 6;
          continue;
        }
        // " \ / b f n r t
        if (escaped !== Byte.Quote && escaped !== Byte.Backslash && escaped !== 47 && escaped !== 98 && escaped !== 102 && escaped !== 110 && escaped !== 114 && escaped !== 116) this.fail('a bad escape');
        at += 2;
        continue;
      }
      if (byte > 127 && kind === StringKind.Ascii) kind = StringKind.Unescaped;
      at += 1;
    }
    this.at = at + 1;
    return kind;
  }

  /**
   * A number (the reader at its first byte), checked as JSON checks it; its value, as `JSON.parse` reads it, when
   * `value` is asked for (else NaN). The common ones — up to 15 digits, with or without a fraction, no exponent — are
   * read by hand: their digits as a whole number under 2^53, divided by an exact power of ten, which rounds once and
   * so gives the very double `Number()` gives (Clinger's fast path). Any other, from its text.
   */
  private number(value: boolean): number {
    const bytes = this.bytes;
    const start = this.at;
    let at = start;
    const negative = bytes[at] === Byte.Minus;
    if (negative) at++;
    const digitsStart = at;
    let mantissa = 0;
    while (isDigit(bytes[at])) mantissa = mantissa * 10 + (bytes[at++]! - Byte.Zero);
    const digits = at - digitsStart;
    // JSON: at least one digit, and no leading zero before more digits.
    if (digits === 0 || (digits > 1 && bytes[digitsStart] === Byte.Zero)) this.fail('a number expected');
    let fraction = 0;
    if (bytes[at] === Byte.Dot) {
      const fractionStart = ++at;
      while (isDigit(bytes[at])) mantissa = mantissa * 10 + (bytes[at++]! - Byte.Zero);
      fraction = at - fractionStart;
      if (fraction === 0) this.fail('a number expected');
    }
    let exponent = false;
    if (bytes[at] === Byte.LowerE || bytes[at] === Byte.UpperE) {
      exponent = true;
      at++;
      if (bytes[at] === Byte.Plus || bytes[at] === Byte.Minus) at++;
      const exponentStart = at;
      while (isDigit(bytes[at])) at++;
      if (at === exponentStart) this.fail('a number expected');
    }
    this.at = at;
    this.numberIsShortest = false;
    if (!value) return Number.NaN;
    if (!exponent && digits + fraction <= 15) {
      const read = fraction ? mantissa / powersOfTen[fraction]! : mantissa;
      // Up to 15 significant digits is a double's own shortest text (DBL_DIG), unless written otherwise than
      // JavaScript writes it: "-0", a fraction's trailing zero, or under 1e-6 (six zeros after "0.").
      this.numberIsShortest = !(negative && mantissa === 0) && !(fraction && bytes[at - 1] === Byte.Zero) && !(mantissa !== 0 && read < 1e-6);
      return negative ? -read : read;
    }
    return Number(latin1.decode(bytes.subarray(start, at)));
  }

  /** Whether the last number read is written exactly as `String()` writes its value. */
  private numberIsShortest = false;

  /** Any value, checked and passed over. */
  private skipValue(): void {
    const byte = this.bytes[this.at];
    if (byte === Byte.OpenBrace) {
      if (this.open(Byte.CloseBrace)) {
        do {
          this.memberName();
          this.skipValue();
        } while (this.next(Byte.CloseBrace));
      }
    } else if (byte === Byte.OpenBracket) {
      if (this.open(Byte.CloseBracket)) do this.skipValue(); while (this.next(Byte.CloseBracket));
    } else if (byte === Byte.Quote) this.string();
    else if (byte === Byte.Minus || isDigit(byte)) this.number(false);
    else if (!this.literal('true') && !this.literal('false') && !this.literal('null')) this.fail('a value expected');
  }

  /** Reads `word` if it is next (what follows it is checked by the caller, as after any value). */
  private literal(word: 'true' | 'false' | 'null'): boolean {
    const bytes = this.bytes;
    for (let index = 0; index < word.length; index++) if (bytes[this.at + index] !== word.charCodeAt(index)) return false;
    this.at += word.length;
    return true;
  }

  private space(): void {
    const bytes = this.bytes;
    let at = this.at;
    for (let byte = bytes[at]; byte === Byte.Space || byte === Byte.Newline || byte === Byte.Return || byte === Byte.Tab; byte = bytes[++at]);
    this.at = at;
  }

  private fail(problem: string): never {
    throw new SearchAnalyticsAnswerError(problem, this.at);
  }
}

/** 10^0 … 10^15, each exactly a double. */
const powersOfTen = Array.from({ length: 16 }, (_, power) => 10 ** power);
const isDigit = (byte: number | undefined) => byte !== undefined && byte >= Byte.Zero && byte <= Byte.Nine;
const isHexDigit = (byte: number | undefined) => byte !== undefined && ((byte >= Byte.Zero && byte <= Byte.Nine) || (byte >= 65 && byte <= 70) || (byte >= 97 && byte <= 102));
