// @ts-check
import net from 'node:net';

/**
 * Sends one Redis PING over a raw socket (no client library, so the launcher needs no dependency for it).
 * @param {string} url redis://host:port
 * @param {number} [timeoutMs]
 * @returns {Promise<boolean>}
 */
export function redisAnswers(url, timeoutMs = 1500) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname || '127.0.0.1', port: Number(port || 6379) });
    const done = (/** @type {boolean} */ ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(/^\+PONG|^-NOAUTH/.test(data.toString())));
  });
}

/**
 * A port nothing listens on right now (for test servers and embedded fallbacks).
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * True when something accepts TCP connections on host:port.
 * @param {string} host
 * @param {number} port
 */
export function portOpen(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (/** @type {boolean} */ ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => done(true));
  });
}
