// @ts-check
// A bare Socket.IO server in a process of its own: answers every 'echo' with its payload through the ack, nothing
// else (no session, no adapter, no Redis). The exports benchmark's anchor for a socket event's latency. Prints its
// port on stdout once listening.
import { createServer } from 'node:http';
import { Server } from 'socket.io';

const http = createServer();
const io = new Server(http, { path: '/socket.io', transports: ['websocket'] });
io.on('connection', (socket) => socket.on('echo', (payload, ack) => ack(payload)));
http.listen(0, '127.0.0.1', () => {
  const address = http.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('SIGTERM', () => io.close(() => process.exit(0)));
