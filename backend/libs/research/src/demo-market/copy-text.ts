/** One value in PostgreSQL COPY text format. */
export function copyValue(value: string | number | boolean | null): string {
  if (value === null) return '\\N';
  if (typeof value !== 'string') return String(value);
  if (!/[\\\t\n\r]/.test(value)) return value;
  return value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

export const copyLine = (values: (string | number | boolean | null)[]) => values.map(copyValue).join('\t') + '\n';

/** Groups lines into chunks of about 256 kB, so a stream of millions of rows is millions of writes no more. */
export async function* chunked(lines: Iterable<string>, chunkSize = 256 * 1024): AsyncGenerator<string> {
  let chunk = '';
  for (const line of lines) {
    chunk += line;
    if (chunk.length >= chunkSize) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}
