import { createRequire } from 'node:module';
import type PDFDocumentClass from 'pdfkit';
import type { create as openFontFunction } from 'fontkit';

/**
 * PDFKit and its font engine, loaded the first time a report or logo needs them. Loaded with the module they cost a
 * process ~24 MB of resident memory (their code and font tables): the API and the worker import this library for its
 * report planning and data too, and most of them never draw a PDF (docs/benchmarks.md, "Imports": the API's memory).
 * Required synchronously (both ship CommonJS builds), so the drawing code stays synchronous.
 */
const require = createRequire(import.meta.url);

let pdfDocument: typeof PDFDocumentClass | null = null;
let openFont: typeof openFontFunction | null = null;

/** PDFKit's document class. */
export function PDFDocument(): typeof PDFDocumentClass {
  return (pdfDocument ??= require('pdfkit') as typeof PDFDocumentClass);
}

/** fontkit's `create`: a font file's glyph tables. */
export function fontkitOpen(): typeof openFontFunction {
  return (openFont ??= (require('fontkit') as { create: typeof openFontFunction }).create);
}
