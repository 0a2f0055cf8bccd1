// fontkit (PDFKit's font engine) ships no types; the one call the font picker makes.
declare module 'fontkit' {
  export function create(data: Buffer): { hasGlyphForCodePoint(codePoint: number): boolean };
}
