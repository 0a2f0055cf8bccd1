import { decodeTextFile } from '@serpwise/contracts';

/** The bytes of a blob (FileReader: every browser, and the test DOM, has it; the test DOM has no Blob.arrayBuffer). */
export const bytesOf = (blob: Blob) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsArrayBuffer(blob);
  });

/**
 * A text file the user picked, read as the server reads an import (TextFileDecoder): UTF-16 by its byte-order mark,
 * UTF-8, or Windows-1252 when the bytes are not UTF-8 (a list Excel saved on Windows). Blob.text() would read that
 * last one as UTF-8 and turn every "ö" into "\uFFFD".
 */
export async function readTextFile(file: Blob): Promise<string> {
  return decodeTextFile(await bytesOf(file));
}
