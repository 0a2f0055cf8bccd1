import { spawn } from 'node:child_process';

/**
 * The text of a PDF as poppler's pdftotext reads it (-layout keeps a table row on one line), so tests check that a
 * report holds real text. Needs poppler-utils (`apt-get install poppler-utils`; .ci/run installs it).
 */
export function pdfText(pdf: Buffer, options: { layout?: boolean; firstPage?: number; lastPage?: number } = {}): Promise<string> {
  const args = [...(options.layout === false ? [] : ['-layout']), ...(options.firstPage ? ['-f', String(options.firstPage)] : []), ...(options.lastPage ? ['-l', String(options.lastPage)] : []), '-', '-'];
  return new Promise((resolve, reject) => {
    const child = spawn('pdftotext', args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new Error('pdftotext is missing: install poppler-utils (apt-get install poppler-utils).') : error),
    );
    child.on('close', (code) => (code === 0 ? resolve(Buffer.concat(out).toString('utf8')) : reject(new Error(`pdftotext failed (${code}): ${Buffer.concat(err).toString('utf8')}`))));
    child.stdin.on('error', () => undefined); // pdftotext may close stdin early on a broken file; the exit code tells
    child.stdin.end(pdf);
  });
}

/** The text with runs of spaces made one, so a table row reads "alpha.example 60 25 41.7%". */
export const squeezeSpaces = (text: string) => text.replace(/[ \t]+/g, ' ');
