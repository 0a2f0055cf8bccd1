// @ts-check
/**
 * A multipart/form-data upload of a file from disk, as a browser sends one: the form fields, then the file's bytes
 * streamed from disk with a Content-Length, written by node:http with no copy per chunk. The benches time the
 * server's intake, so the client must cost as little CPU as a browser's native upload does — fetch() with a
 * FormData Blob copies every chunk through web streams and spent ~0.3 s of CPU (mostly garbage collection) per
 * 95 MB on the same two cores as the API it was measuring.
 */
import { createReadStream, statSync } from 'node:fs';
import { request } from 'node:http';
import { randomBytes } from 'node:crypto';
import { basename } from 'node:path';

/**
 * @param {string} url the POST's address (http://)
 * @param {Record<string, string>} headers
 * @param {Record<string, string>} fields sent before the file, in this order
 * @param {{ path: string, field: string, type: string, name?: string }} file
 * @returns {Promise<{ status: number, body: string }>}
 */
export function postMultipartFile(url, headers, fields, file) {
  const boundary = `----serpwise-bench-${randomBytes(12).toString('hex')}`;
  const fieldParts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join('');
  const head = Buffer.from(`${fieldParts}--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name ?? basename(file.path)}"\r\nContent-Type: ${file.type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + statSync(file.path).size + tail.length;
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: 'POST', headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(length) } }, (response) => {
      const chunks = /** @type {Buffer[]} */ ([]);
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.write(head);
    const body = createReadStream(file.path, { highWaterMark: 1 << 20 });
    body.on('error', (error) => outgoing.destroy(error));
    body.on('end', () => outgoing.end(tail));
    body.pipe(outgoing, { end: false });
  });
}
