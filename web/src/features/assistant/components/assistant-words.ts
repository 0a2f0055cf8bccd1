import { errorsOf } from '@/lib/api-client';

/**
 * A failed question in words the user can act on (docs/product/site.md §2). The server words the model server's
 * failures (down, key refused, busy) and the limits; what is left here is a request that never reached Serpwise.
 */
export const questionErrorOf = (error: unknown): string => errorsOf(error, 'Serpwise could not be reached. Check your connection and try again.')[0]!;

/**
 * An answer's text in pieces, the emphasis models write as Markdown (`**figure**`) marked, so it shows bold instead
 * of as asterisks. Nothing else is read as markup: the answer stays text (no links or HTML from the model).
 */
export function answerPieces(text: string): { text: string; strong: boolean }[] {
  return text
    .split(/\*\*([^*\n]+)\*\*/)
    .map((piece, index) => ({ text: piece, strong: index % 2 === 1 }))
    .filter((piece) => piece.text !== '');
}
