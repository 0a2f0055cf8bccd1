/**
 * How a user's text file becomes text, the same in the browser (a keyword list picked on a page) and on the server
 * (an import): UTF-16 by its byte-order mark (Keyword Planner's downloads), else UTF-8 — unless the bytes are not
 * UTF-8. Excel on Windows saves "CSV (Comma delimited)" in the system's ANSI code page (Windows-1252 across Western
 * Europe and the Americas), where the "ö" of "brötchen" is the one byte 0xF6: invalid UTF-8, which a lenient decoder
 * turns into "br\uFFFDtchen" without a word. The first chunk holding a byte above 0x7F decides: valid UTF-8 stays
 * UTF-8, invalid is read as Windows-1252. Every chunk before it was ASCII, which both read alike.
 * (docs/decisions.md, "Files saved by Excel in Windows-1252".)
 */
// The global TextDecoder of every browser and of Node (WHATWG Encoding; Windows-1252 in both): this library is built
// without DOM or Node types, so it says the little it uses.
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean });
  decode(input?: Uint8Array, options?: { stream?: boolean }): string;
}

export class TextFileDecoder {
  private decoder: TextDecoder | null = null;
  private started = false;

  /** The text of the next chunk of the file (a character split between two chunks comes with the second). */
  decode(bytes: Uint8Array): string {
    if (!this.started) {
      this.started = true;
      if (bytes[0] === 0xff && bytes[1] === 0xfe) this.decoder = new TextDecoder('utf-16le');
      else if (bytes[0] === 0xfe && bytes[1] === 0xff) this.decoder = new TextDecoder('utf-16be');
    }
    if (!this.decoder) {
      if (isAscii(bytes)) return asciiDecoder.decode(bytes);
      this.decoder = new TextDecoder('utf-8', { fatal: true });
      try {
        return this.decoder.decode(bytes, { stream: true });
      } catch {
        this.decoder = new TextDecoder('windows-1252');
      }
    }
    try {
      return this.decoder.decode(bytes, { stream: true });
    } catch {
      // Valid UTF-8 at first, broken further on: the broken bytes read as U+FFFD, as any reader of UTF-8 shows them.
      this.decoder = new TextDecoder('utf-8');
      return this.decoder.decode(bytes, { stream: true });
    }
  }

  /** What is left at the end of the file (an unfinished character reads as U+FFFD). */
  end(): string {
    try {
      return this.decoder?.decode() ?? '';
    } catch {
      return '\uFFFD';
    }
  }
}

/** A whole file's text, by the same rules (TextFileDecoder). */
export function decodeTextFile(bytes: Uint8Array): string {
  const decoder = new TextFileDecoder();
  return decoder.decode(bytes) + decoder.end();
}

const asciiDecoder = new TextDecoder('utf-8');

function isAscii(bytes: Uint8Array): boolean {
  for (let index = 0; index < bytes.length; index++) if (bytes[index]! > 0x7f) return false;
  return true;
}
