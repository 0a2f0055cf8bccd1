import { describe, expect, it } from '@jest/globals';
import { CopyBuffer, CopyChunkPool, copyChunkBytes } from './copy-buffer.js';

describe('CopyBuffer', () => {
  it('writes the COPY text a template would', () => {
    const values = [0, 7, 10, 999, 1000, 2_147_483_647, 2_147_483_648, 12.5, -3, 1e21];
    const buffer = new CopyBuffer(64);
    for (const value of values) buffer.number(value).tab();
    buffer.numberOrNull(null).tab().numberOrNull(undefined).tab().numberOrNull(42).tab().text('2026-10-01').newline();
    expect(buffer.take().toString('utf8')).toBe(`${values.join('\t')}\t\\N\t\\N\t42\t2026-10-01\n`);
  });

  it('writes ASCII text a byte per character, and anything else as UTF-8', () => {
    const buffer = new CopyBuffer(64);
    buffer.ascii('2026-10-01').tab().ascii('é—x').tab().ascii('').newline();
    expect(buffer.take().toString('utf8')).toBe('2026-10-01\té—x\t\n');
  });

  it('hands over a chunk once it is full and goes on in a new one, growing past its size when a line needs it', () => {
    const buffer = new CopyBuffer(8);
    buffer.number(12345).tab().number(678);
    expect(buffer.full).toBe(true);
    const first = buffer.take();
    expect(buffer.size).toBe(0);
    buffer.text('x'.repeat(10_000)).newline();
    expect(first.toString('utf8')).toBe('12345\t678');
    expect(buffer.take().toString('utf8')).toBe(`${'x'.repeat(10_000)}\n`);
  });

  it('copies raw bytes, short or long, where they are asked from', () => {
    const source = Buffer.from(`ab${'z'.repeat(100)}cd`);
    const buffer = new CopyBuffer(16);
    buffer.raw(source, 0, 2).tab().raw(source, 2, 102).tab().raw(source, 102, 104).raw(source, 5, 5).newline();
    expect(buffer.take().toString('utf8')).toBe(`ab\t${'z'.repeat(100)}\tcd\n`);
  });

  it('writes into chunks given back to its pool, and keeps neither a grown chunk nor more than the pool holds', () => {
    const pool = new CopyChunkPool(copyChunkBytes(8), 2);
    expect(() => new CopyBuffer(16, pool)).toThrow('A pool of 4104-byte chunks for a 16-byte buffer');
    const first = new CopyBuffer(8, pool);
    first.number(123456789);
    const sent = first.take();
    const grown = (first.text('y'.repeat(5_000)), first.take());
    pool.giveBack([sent, grown, sent, sent]);
    expect(pool.take()?.buffer).toBe(sent.buffer);
    expect(pool.take()?.buffer).toBe(sent.buffer);
    expect(pool.take()).toBeUndefined();
    // Written into again: the new text, not the old one's.
    pool.giveBack([sent]);
    const second = new CopyBuffer(8, pool);
    second.text('new').newline();
    const again = second.take();
    expect(again.buffer).toBe(sent.buffer);
    expect(again.toString('utf8')).toBe('new\n');
  });
});
