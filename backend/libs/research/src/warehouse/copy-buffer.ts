/**
 * COPY text written straight into bytes, for the staging of a million search results. Built as strings (a template
 * per row, `chunk += line`), the lines of a 256 KB chunk were a tree of a few hundred thousand small strings that
 * lived until the chunk was sent: they outlived the young generation's collections, were moved to the old one, and
 * made the worker's full collections (and its heap growth limit) the largest part of the staging's CPU time. Bytes
 * in a Buffer live outside the JavaScript heap and cost the collector nothing.
 */
export class CopyBuffer {
  private bytes: Buffer;
  private length = 0;

  /** `pool`: where its chunks come from (one made for this chunk size), when the caller gives them back once sent. */
  constructor(private readonly chunkSize = 256 * 1024, private readonly pool?: CopyChunkPool) {
    if (pool && pool.chunkBytes !== copyChunkBytes(chunkSize)) throw new Error(`A pool of ${pool.chunkBytes}-byte chunks for a ${chunkSize}-byte buffer`);
    this.bytes = this.newChunk();
  }

  private newChunk(): Buffer {
    // Memory of its own (never a slice of Node's shared pool), so the pool can take the chunk back whole.
    return this.pool?.take() ?? Buffer.allocUnsafeSlow(copyChunkBytes(this.chunkSize));
  }

  /** Bytes written since the last take. */
  get size(): number {
    return this.length;
  }

  /** A whole number in decimal; anything else (a fraction, a huge number) as JavaScript writes it. */
  number(value: number): this {
    if (value >= 0 && value <= 0x7fffffff && (value | 0) === value) {
      this.room(10);
      const bytes = this.bytes;
      if (value === 0) {
        bytes[this.length++] = 48;
        return this;
      }
      let digits = 0;
      for (let rest = value; rest > 0; rest = (rest / 10) | 0) digits++;
      let at = this.length + digits;
      this.length = at;
      for (let rest = value; rest > 0; rest = (rest / 10) | 0) bytes[--at] = 48 + (rest % 10);
      return this;
    }
    // A number's text is ASCII: written a byte a character, without the UTF-8 encoder's call.
    return this.ascii(String(value));
  }

  /** A number or NULL (`\N`). */
  numberOrNull(value: number | null | undefined): this {
    if (value === null || value === undefined) {
      this.room(2);
      this.bytes[this.length++] = 92;
      this.bytes[this.length++] = 78;
      return this;
    }
    return this.number(value);
  }

  /** Text that needs no COPY escaping (numbers, dates: the caller knows). */
  text(value: string): this {
    this.room(value.length * 3);
    this.length += this.bytes.write(value, this.length, 'utf8');
    return this;
  }

  /**
   * Text of ASCII characters that needs no escaping (a day, YYYY-MM-DD), a byte per character: Buffer.write's UTF-8
   * encoder costs more than the ten characters of a day written by hand, once per staged search result.
   */
  ascii(value: string): this {
    const length = value.length;
    this.room(length);
    const bytes = this.bytes;
    let at = this.length;
    for (let index = 0; index < length; index++) {
      const code = value.charCodeAt(index);
      // Not ASCII after all: written as UTF-8 from the start.
      if (code > 127) return this.text(value);
      bytes[at++] = code;
    }
    this.length = at;
    return this;
  }

  /** Bytes that need no escaping, copied as they are (`source[start]` … `source[end - 1]`). */
  raw(source: Uint8Array, start: number, end: number): this {
    const length = end - start;
    this.room(length);
    const bytes = this.bytes;
    let at = this.length;
    // Most are a few dozen bytes: a loop costs less than the native copy's call.
    if (length < 64) {
      for (let index = start; index < end; index++) bytes[at++] = source[index]!;
    } else {
      bytes.set(source.subarray(start, end), at);
      at += length;
    }
    this.length = at;
    return this;
  }

  tab(): this {
    this.room(1);
    this.bytes[this.length++] = 9;
    return this;
  }

  newline(): this {
    this.room(1);
    this.bytes[this.length++] = 10;
    return this;
  }

  /** Whether a chunk's worth has been written. */
  get full(): boolean {
    return this.length >= this.chunkSize;
  }

  /** The bytes written so far, handed over (the stream keeps them until sent); writing goes on in a new buffer. */
  take(): Buffer {
    const taken = this.bytes.subarray(0, this.length);
    this.bytes = this.newChunk();
    this.length = 0;
    return taken;
  }

  private room(bytes: number) {
    if (this.length + bytes <= this.bytes.length) return;
    const larger = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.length + bytes));
    this.bytes.copy(larger, 0, 0, this.length);
    this.bytes = larger;
  }
}

/** The bytes of a CopyBuffer's chunk: its size, and room for the row that passes it. */
export const copyChunkBytes = (chunkSize: number) => chunkSize + 4096;

/**
 * Chunks of COPY text given back once PostgreSQL has read them, for the next CopyBuffers to write into. A Search
 * Console backfill sends ~400 MB of COPY text: each chunk a fresh buffer outside the heap, their allocation made V8
 * run a full collection every few megabytes (docs/decisions.md, "Search Console answers read as bytes").
 */
export class CopyChunkPool {
  private readonly free: Buffer[] = [];

  constructor(readonly chunkBytes: number, private readonly capacity = 64) {}

  take(): Buffer | undefined {
    return this.free.pop();
  }

  /**
   * Chunks as CopyBuffer.take handed them, no longer read by anyone: only once the COPY that sent them is answered
   * (its stream finished: PostgreSQL has every byte, so the socket no longer holds them). A chunk cut from a buffer
   * that grew past the chunk size is not kept.
   */
  giveBack(chunks: readonly Buffer[]): void {
    for (const chunk of chunks) {
      if (this.free.length >= this.capacity) return;
      // Its own memory (CopyBuffer allocates it apart from Node's shared pool), whole from byte 0.
      if (chunk.byteOffset === 0 && chunk.buffer.byteLength === this.chunkBytes) this.free.push(Buffer.from(chunk.buffer, 0, this.chunkBytes));
    }
  }
}
