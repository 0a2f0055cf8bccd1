import type { ZipResumeState } from '@serpwise/contracts';
import type { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { constants, crc32, deflateRaw, deflateRawSync } from 'node:zlib';
import { writeTo } from './table-writer.js';

interface Entry {
  name: string;
  offset: number;
  crc: number;
  compressed: number;
  size: number;
}

/** One entry being written: write its content, then end it before the next entry starts. */
export interface ZipEntryWriter {
  write(text: string): Promise<void>;
  end(): Promise<void>;
}

const flags = 0x0808; // sizes in a data descriptor after the data; UTF-8 names
const deflated = 8;
const deflateSegment = promisify(deflateRaw);
/** A final, empty deflate block: what ends an entry whose segments each end with a full flush. */
const finalBlock = deflateRawSync(Buffer.alloc(0));

function dosDateTime(date: Date): { time: number; day: number } {
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    day: ((date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

/**
 * A ZIP archive written front to back without seeking (every entry deflated, its CRC and sizes in a data
 * descriptor), so an XLSX file streams straight to its store. Entries must stay under 4 GiB (no ZIP64).
 *
 * Each write of an entry is deflated on its own and ends with a full flush (no final block, no history kept): the
 * compressed bytes up to any write's end decode without what comes after, and the next write needs nothing of what
 * came before. So the archive can be cut after any settled write and continued by another process from `state()`
 * (`ZipStream.resumed`): the entry's local header offset, running CRC-32 (`crc32(data, value)` goes on from a value)
 * and sizes are all it needs. A segment restarts deflate's 32 KB window, which costs little on the XLSX writer's
 * batches of hundreds of KB.
 */
export class ZipStream {
  private offset = 0;
  private readonly entries: Entry[] = [];
  private open: Entry | null = null;
  private stamp = dosDateTime(new Date());

  constructor(private readonly out: Writable) {}

  /**
   * Goes on with an archive cut at `state` (the bytes before it already in `out`'s file): the entry that was open
   * takes the next writes.
   */
  static resumed(out: Writable, state: ZipResumeState, bytes: number): { zip: ZipStream; entry: ZipEntryWriter } {
    const zip = new ZipStream(out);
    zip.offset = bytes;
    zip.stamp = { time: state.time, day: state.day };
    zip.entries.push(...state.entries.map((entry) => ({ ...entry })));
    return { zip, entry: zip.writerOf({ ...state.open }) };
  }

  /** Where the archive stands after the writes that have settled: what a later process needs to go on from there. */
  state(): ZipResumeState | null {
    if (!this.open) return null;
    return { ...this.stamp, entries: this.entries.map((entry) => ({ ...entry })), open: { ...this.open } };
  }

  private async raw(chunk: Buffer): Promise<void> {
    this.offset += chunk.length;
    await writeTo(this.out, chunk);
  }

  /** Starts an entry; write its content with write(), then end() it before the next. */
  async entry(name: string): Promise<ZipEntryWriter> {
    const entry: Entry = { name, offset: this.offset, crc: 0, compressed: 0, size: 0 };
    const nameBytes = Buffer.from(name);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(flags, 6);
    header.writeUInt16LE(deflated, 8);
    header.writeUInt16LE(this.stamp.time, 10);
    header.writeUInt16LE(this.stamp.day, 12);
    header.writeUInt16LE(nameBytes.length, 26);
    await this.raw(Buffer.concat([header, nameBytes]));
    return this.writerOf(entry);
  }

  private writerOf(entry: Entry): ZipEntryWriter {
    this.open = entry;
    return {
      write: async (text: string) => {
        if (!text) return;
        const data = Buffer.from(text);
        // Deflated in the thread pool; the entry's figures change only once its bytes are written, so state() never
        // counts a segment still on its way.
        const compressed = await deflateSegment(data, { level: 3, finishFlush: constants.Z_FULL_FLUSH });
        await this.raw(compressed);
        entry.crc = crc32(data, entry.crc);
        entry.size += data.length;
        entry.compressed += compressed.length;
      },
      end: async () => {
        await this.raw(finalBlock);
        entry.compressed += finalBlock.length;
        const descriptor = Buffer.alloc(16);
        descriptor.writeUInt32LE(0x08074b50, 0);
        descriptor.writeUInt32LE(entry.crc >>> 0, 4);
        descriptor.writeUInt32LE(entry.compressed, 8);
        descriptor.writeUInt32LE(entry.size, 12);
        await this.raw(descriptor);
        this.entries.push(entry);
        this.open = null;
      },
    };
  }

  async file(name: string, text: string): Promise<void> {
    const entry = await this.entry(name);
    await entry.write(text);
    await entry.end();
  }

  /** The central directory and its end record. */
  async finish(): Promise<void> {
    const start = this.offset;
    for (const entry of this.entries) {
      const name = Buffer.from(entry.name);
      const header = Buffer.alloc(46);
      header.writeUInt32LE(0x02014b50, 0);
      header.writeUInt16LE(20, 4);
      header.writeUInt16LE(20, 6);
      header.writeUInt16LE(flags, 8);
      header.writeUInt16LE(deflated, 10);
      header.writeUInt16LE(this.stamp.time, 12);
      header.writeUInt16LE(this.stamp.day, 14);
      header.writeUInt32LE(entry.crc >>> 0, 16);
      header.writeUInt32LE(entry.compressed, 20);
      header.writeUInt32LE(entry.size, 24);
      header.writeUInt16LE(name.length, 28);
      header.writeUInt32LE(entry.offset, 42);
      await this.raw(Buffer.concat([header, name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.raw(end);
  }
}
