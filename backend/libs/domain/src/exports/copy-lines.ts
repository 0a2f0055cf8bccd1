/**
 * COPY's text-format rows as PostgreSQL sent them: bytes, one line a row (cells tab-separated, in COPY's text escapes,
 * `\N` for NULL). A CSV export turns these bytes into its file's bytes without making a JavaScript string of them
 * (copy-csv.ts); other consumers ask for the lines as text (`lines`, decoded once when first asked).
 */

/** The columns of a query's rows: their names and PostgreSQL types. */
export type BatchFields = { name: string; dataTypeID: number }[];

const newline = 0x0a;

/** A batch of COPY's lines: `text` holds them, each ended by a newline; line i runs from starts[i] to starts[i + 1] - 1. */
export class LineBatch {
  private decoded: string[] | null = null;

  constructor(
    readonly text: Buffer,
    /** Where each line starts in `text`, and one more: where the text after the last line starts. */
    readonly starts: readonly number[],
    readonly fields: BatchFields,
    /** Where each key column is among the fields (a resumed export pages on their text). */
    private readonly keyIndexes: readonly number[] = [],
  ) {}

  /** A batch of the given lines (without their newlines): for tests, and anything that has text already. */
  static of(lines: readonly string[], fields: BatchFields, keyIndexes: readonly number[] = []): LineBatch {
    const text = Buffer.from(lines.map((line) => `${line}\n`).join(''), 'utf8');
    return new LineBatch(text, lineStarts(text, 0, text.length), fields, keyIndexes);
  }

  get count(): number {
    return this.starts.length - 1;
  }

  /** The lines as text, without their newlines. */
  get lines(): string[] {
    if (!this.decoded) {
      const count = this.count;
      this.decoded = count === 0 ? [] : this.text.toString('utf8', this.starts[0], this.starts[count]! - 1).split('\n');
    }
    return this.decoded;
  }

  /**
   * Row `index`'s text PostgreSQL sent for each key column (null for NULL), as keysetFrom compares it. A bound
   * function: it is handed on on its own (tiesAtEnd), as a RowBatch's is.
   */
  readonly keyAt = (index: number): (string | null)[] => {
    const cells = this.text.toString('utf8', this.starts[index], this.starts[index + 1]! - 1).split('\t');
    return this.keyIndexes.map((column) => copyKeyText(cells[column]!));
  };

  /** The batch without its first `drop` lines (a resumed read's rows the file holds already). */
  withoutFirst(drop: number): LineBatch {
    return drop === 0 ? this : new LineBatch(this.text, this.starts.slice(drop), this.fields, this.keyIndexes);
  }
}

/** Where each line of text[from, to) starts, and where the text after its last line starts (to: it ends with one). */
export function lineStarts(text: Buffer, from: number, to: number): number[] {
  const starts = [from];
  for (let at = text.indexOf(newline, from); at >= 0 && at < to; at = text.indexOf(newline, at + 1)) starts.push(at + 1);
  return starts;
}

/**
 * Cuts a stream of COPY's chunks (anywhere, even inside a character) into batches of whole lines: a batch ends at
 * `maxLines` lines or once it holds `budgetBytes` bytes, whichever comes first. The bytes of a batch are copied into
 * one buffer only when its lines came in more than one chunk.
 */
export class LineBatcher {
  /** The current batch's whole lines from earlier chunks, and their length. */
  private pieces: Buffer[] = [];
  private piecesBytes = 0;
  private starts: number[] = [0];
  /** The unended line of the last chunk. */
  private rest: Buffer = Buffer.alloc(0);

  constructor(
    private readonly fields: BatchFields,
    private readonly keyIndexes: readonly number[],
    private readonly maxLines: number,
    private readonly budgetBytes: number,
  ) {}

  /** The batches this chunk completes. */
  push(chunk: Buffer): LineBatch[] {
    const data = this.rest.length ? Buffer.concat([this.rest, chunk]) : chunk;
    const done: LineBatch[] = [];
    // Where this chunk's lines not yet in a piece begin.
    let from = 0;
    let lastEnd = -1;
    for (let at = data.indexOf(newline); at >= 0; at = data.indexOf(newline, at + 1)) {
      lastEnd = at;
      const offset = this.piecesBytes + at + 1 - from;
      this.starts.push(offset);
      if (this.starts.length - 1 >= this.maxLines || offset >= this.budgetBytes) {
        this.addPiece(data.subarray(from, at + 1));
        from = at + 1;
        done.push(this.take());
      }
    }
    if (lastEnd >= from) this.addPiece(data.subarray(from, lastEnd + 1));
    this.rest = data.subarray(Math.max(lastEnd + 1, from));
    return done;
  }

  /** The last lines (COPY's text ends with a newline), or null when none are left. */
  end(): LineBatch | null {
    return this.starts.length > 1 ? this.take() : null;
  }

  private addPiece(piece: Buffer): void {
    this.pieces.push(piece);
    this.piecesBytes += piece.length;
  }

  private take(): LineBatch {
    const text = this.pieces.length === 1 ? this.pieces[0]! : Buffer.concat(this.pieces, this.piecesBytes);
    const batch = new LineBatch(text, this.starts, this.fields, this.keyIndexes);
    this.pieces = [];
    this.piecesBytes = 0;
    this.starts = [0];
    return batch;
  }
}

/** A key column's text as PostgreSQL wrote it (null for NULL); only text with an escape is unescaped (most has none). */
const copyKeyText = (cell: string): string | null => (cell === '\\N' ? null : cell.includes('\\') ? unescapeCopyText(cell) : cell);

/** COPY's text format escapes backslash and the control characters it uses (\b \f \n \r \t \v). */
const escapes: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\' };
export const unescapeCopyText = (text: string) => text.replace(/\\(.)/g, (_, character: string) => escapes[character] ?? character);
