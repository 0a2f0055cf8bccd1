import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { StandardFont } from '../designs.js';
import { fontkitOpen } from './pdf-engine.js';

/**
 * Fonts for text the PDF standard fonts cannot draw. The designs use PDF's standard fonts (Helvetica, Times, Courier),
 * which need no embedding but encode WinAnsi only: Western European text. Keywords, titles and comments come from
 * every supported territory — Polish and Turkish letters, Ukrainian Cyrillic, Hindi, Japanese — so a text with a
 * character outside WinAnsi is drawn in an embedded Noto face that has all its glyphs (Noto Sans: Latin, Greek,
 * Cyrillic, Devanagari; Noto Sans JP: Japanese, and the Han characters of Chinese) (only the glyphs used are
 * embedded, so a report grows by a few kilobytes per face it needs). Text that fits WinAnsi keeps the design's font.
 */

const packageFile = createRequire(import.meta.url).resolve;

interface Face {
  /** The name the face is registered under in a document, per weight. */
  names: { regular: string; bold: string };
  files: { regular: string; bold: string };
}

/** In the order they are tried: the first that has every glyph of a text draws it. */
const faces: Face[] = [
  {
    names: { regular: 'NotoSans', bold: 'NotoSans-Bold' },
    files: { regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf', bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf' },
  },
  {
    names: { regular: 'NotoSansJP', bold: 'NotoSansJP-Bold' },
    files: { regular: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf', bold: '@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf' },
  },
];

/** The characters PDF's standard fonts encode (WinAnsiEncoding: Latin-1 and the Windows-1252 extras). */
const windows1252Extras = [
  0x152, 0x153, 0x160, 0x161, 0x178, 0x17d, 0x17e, 0x192, 0x2c6, 0x2dc, 0x2013, 0x2014, 0x2018, 0x2019, 0x201a, 0x201c, 0x201d, 0x201e,
  0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac, 0x2122,
];
const winAnsi = new Set(windows1252Extras);
const isWinAnsi = (codePoint: number) => codePoint < 0x7f || (codePoint >= 0xa0 && codePoint <= 0xff) || winAnsi.has(codePoint);

/** Font files, read once per process and only when a text needs them (the Japanese faces are 5 MB each). */
const loaded = new Map<string, { data: Buffer; hasGlyph: (codePoint: number) => boolean }>();
function fontFile(file: string) {
  let font = loaded.get(file);
  if (!font) {
    const data = readFileSync(packageFile(file));
    const parsed = fontkitOpen()(data);
    font = { data, hasGlyph: (codePoint) => parsed.hasGlyphForCodePoint(codePoint) };
    loaded.set(file, font);
  }
  return font;
}

const isBold = (font: StandardFont) => font.endsWith('-Bold');

/**
 * Picks the font a text is drawn (and measured) in, registering an embedded face in the document the first time it
 * is needed. The design's standard font when the text fits WinAnsi; else the first face that has every glyph, in
 * the standard font's weight; else the face with the most of them (a character no face has shows as a blank box).
 */
export class FontPicker {
  private readonly registered = new Set<string>();

  constructor(private readonly doc: PDFKit.PDFDocument) {}

  fontFor(standard: StandardFont, text: string): string {
    const outside = [...new Set([...text].map((character) => character.codePointAt(0)!).filter((codePoint) => !isWinAnsi(codePoint)))];
    if (!outside.length) return standard;
    const weight = isBold(standard) ? 'bold' : 'regular';
    let best = faces[0]!;
    let bestCovered = -1;
    for (const face of faces) {
      const font = fontFile(face.files[weight]);
      const covered = outside.filter(font.hasGlyph).length;
      if (covered > bestCovered) [best, bestCovered] = [face, covered];
      if (covered === outside.length) break;
    }
    return this.use(best, weight);
  }

  /** Sets the document's font for this text. */
  apply(standard: StandardFont, text: string): PDFKit.PDFDocument {
    return this.doc.font(this.fontFor(standard, text));
  }

  private use(face: Face, weight: 'regular' | 'bold'): string {
    const name = face.names[weight];
    if (!this.registered.has(name)) {
      this.doc.registerFont(name, fontFile(face.files[weight]).data);
      this.registered.add(name);
    }
    return name;
  }
}
