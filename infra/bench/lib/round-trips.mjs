// @ts-check
/**
 * The socket event's anchor, measured the same way as the event (issue 27 point 3): from the bench's own
 * socket.io-client, in the same process, at the same time as the events arrive — a bare Socket.IO round trip
 * (emit, the echo server acks the same payload) every `everyMs` while the events are measured, so both sides see the
 * same load on the client and the machine. `stop()` ends the loop and answers the round trips (ms).
 * @param {import('socket.io-client').Socket} socket a connected socket to lib/echo-socket-server.mjs
 * @param {() => unknown} payload what to echo (a job status, as the event carries)
 * @param {number} everyMs
 */
export function roundTripsBeside(socket, payload, everyMs = 20) {
  const wallNow = () => performance.timeOrigin + performance.now();
  /** @type {number[]} */
  const samples = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = wallNow();
      await socket.emitWithAck('echo', payload());
      samples.push(wallNow() - started);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return samples;
    },
  };
}
