import type { Readable } from 'node:stream';

/**
 * The chunks of a readable stream, read ahead of the consumer up to `maxBytes` (issue 27 point 4). Iterated with
 * `for await` alone, a COPY's stream is paused while the export encodes and writes a batch, so PostgreSQL waits on a
 * full socket and its sending and the worker's work take turns; read ahead, PostgreSQL goes on sending (the leader's
 * merge and text output) while the worker works. Past `maxBytes` held the stream is paused again (memory stays
 * bounded), and resumed once half of it was taken.
 */
export async function* readAhead(stream: Readable, maxBytes: number): AsyncGenerator<Buffer> {
  const held: Buffer[] = [];
  let heldBytes = 0;
  let ended = false;
  let failure: { error: unknown } | null = null;
  let wake: (() => void) | null = null;
  const woken = () => {
    const next = wake;
    wake = null;
    next?.();
  };
  const onData = (chunk: Buffer) => {
    held.push(chunk);
    heldBytes += chunk.length;
    if (heldBytes >= maxBytes) stream.pause();
    woken();
  };
  const onEnd = () => {
    ended = true;
    woken();
  };
  const onError = (error: unknown) => {
    failure = { error };
    woken();
  };
  stream.on('data', onData);
  stream.once('end', onEnd);
  stream.once('error', onError);
  try {
    let next = 0;
    for (;;) {
      if (next < held.length) {
        const chunk = held[next]!;
        held[next] = undefined as unknown as Buffer;
        next += 1;
        heldBytes -= chunk.length;
        // The array is emptied now and then rather than shifted chunk by chunk.
        if (next === held.length) {
          held.length = 0;
          next = 0;
        }
        if (stream.isPaused() && heldBytes < maxBytes / 2) stream.resume();
        yield chunk;
        continue;
      }
      if (failure) throw (failure as { error: unknown }).error;
      if (ended) return;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    stream.off('data', onData);
    stream.off('end', onEnd);
    stream.off('error', onError);
  }
}
