import { describe, expect, it } from '@jest/globals';
import { PassThrough } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { readAhead } from './read-ahead.js';

const chunk = (size: number, fill: number) => Buffer.alloc(size, fill);

describe('readAhead', () => {
  it('gives every chunk in order, read while the consumer is busy, and ends with the stream', async () => {
    const stream = new PassThrough();
    const chunks = readAhead(stream, 1_000);
    const first = chunks.next();
    stream.write(chunk(10, 1));
    expect((await first).value).toEqual(chunk(10, 1));
    // The consumer is away: what comes meanwhile is read (taken off the stream) and kept.
    stream.write(chunk(20, 2));
    stream.write(chunk(30, 3));
    await nextTurn();
    expect(stream.readableLength).toBe(0);
    stream.end();
    const rest: Buffer[] = [];
    for await (const next of chunks) rest.push(next);
    expect(rest).toEqual([chunk(20, 2), chunk(30, 3)]);
  });

  it('stops reading past its bytes and goes on once half of them were taken', async () => {
    const stream = new PassThrough();
    const chunks = readAhead(stream, 100);
    const first = chunks.next();
    for (let index = 0; index < 5; index += 1) stream.write(chunk(40, index));
    await first;
    await nextTurn();
    // Read up to 120 bytes (≥ 100: paused), 40 of them given: 80 held, the rest waits in the stream.
    expect(stream.isPaused()).toBe(true);
    expect(stream.readableLength).toBe(80);
    await chunks.next(); // 40 held, under half: reading goes on
    expect(stream.isPaused()).toBe(false);
    stream.end();
    const rest: Buffer[] = [];
    for await (const next of chunks) rest.push(next);
    expect(rest).toEqual([chunk(40, 2), chunk(40, 3), chunk(40, 4)]);
  });

  it('throws the stream’s error after the chunks read before it', async () => {
    const stream = new PassThrough();
    const chunks = readAhead(stream, 1_000);
    const first = chunks.next();
    stream.write(chunk(5, 1));
    await first;
    stream.write(chunk(6, 2));
    await nextTurn();
    stream.destroy(new Error('connection lost'));
    expect((await chunks.next()).value).toEqual(chunk(6, 2));
    await expect(chunks.next()).rejects.toThrow('connection lost');
  });
});
