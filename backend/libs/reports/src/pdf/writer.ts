import { PDFDocument } from './pdf-engine.js';
import type { DesignTheme, StandardFont } from '../designs.js';
import { FontPicker } from './fonts.js';

/** A4 in points, and the frame every content page shares. */
export const page = { width: 595.28, height: 841.89, margin: 50, top: 78, bottom: 772 } as const;
export const contentWidth = page.width - 2 * page.margin;

/** Who the report carries the name of: drawn in the page header and on the cover. */
export interface Brand {
  name: string;
  logo: Buffer | null;
}

/** An image PDFKit has opened (its PDFImage); doc.image() takes it in place of the bytes. */
export type OpenedImage = { width: number; height: number };

/** PDFKit's openImage (not in its type definitions); null for an image it cannot read, which then is left out. */
function openImage(doc: PDFKit.PDFDocument, data: Buffer): OpenedImage | null {
  try {
    const image = (doc as unknown as { openImage(data: Buffer): OpenedImage }).openImage(data);
    return image.width > 0 && image.height > 0 ? image : null;
  } catch {
    return null;
  }
}

export interface FooterInfo {
  left: string;
  title: string;
}

/**
 * A PDFKit document with the report's frame: content pages start below the header band and break before the footer,
 * every section heading is a PDF bookmark, and `finish()` draws the headers, footers and "Page n of N" on every page
 * once their number is known (pages are buffered; a report is a few hundred kB at most).
 */
export class ReportWriter {
  readonly doc: PDFKit.PDFDocument;
  /** The cursor: where the next block starts on the current page. */
  y: number = page.top;
  /**
   * The brand's logo, opened once: PDFKit embeds an image given as an opened image once and refers to it from every
   * page (a Buffer would be embedded again on each page). Null without a logo or when PDFKit cannot read it.
   */
  readonly logo: OpenedImage | null;
  /** The font each text is drawn in: the design's, or an embedded face for text outside Western European letters. */
  readonly fonts: FontPicker;
  /**
   * The one-page layout (the Executive template): no cover, sections follow each other under small headings and
   * draw their compact form.
   */
  compact = false;
  /** Rows per table (the plan's row cap), for sections that cut their own lists. */
  rowLimit = 10;
  /** How far down each finished page is filled (the cursor when it was left); a cover counts as full. */
  readonly pageFills: number[] = [];
  private pageOpen = false;
  private onCover = false;

  constructor(
    readonly theme: DesignTheme,
    readonly brand: Brand,
    info: { title: string; author: string; subject: string; createdAt: Date },
  ) {
    const Document = PDFDocument();
    this.doc = new Document({
      size: 'A4',
      autoFirstPage: false,
      bufferPages: true,
      margins: { top: page.top, bottom: page.height - page.bottom, left: page.margin, right: page.margin },
      displayTitle: true,
      lang: 'en-US',
      info: { Title: info.title, Author: info.author, Subject: info.subject, Creator: brand.name, Producer: brand.name, CreationDate: info.createdAt, ModDate: info.createdAt },
    });
    this.logo = brand.logo ? openImage(this.doc, brand.logo) : null;
    this.fonts = new FontPicker(this.doc);
  }

  get colors() {
    return this.theme.colors;
  }

  addPage(): void {
    if (this.pageOpen) this.pageFills.push(this.onCover ? page.bottom : this.y);
    this.doc.addPage();
    this.pageOpen = true;
    this.onCover = false;
    this.y = page.top;
  }

  /** The current page is the cover: a section never continues on it. */
  markCover(): void {
    this.onCover = true;
  }

  /** Whether less than half of the current page's content area is used (a section may then start on it). */
  private get mostlyFree(): boolean {
    return !this.onCover && this.pageOpen && this.y <= page.top + (page.bottom - page.top) / 2;
  }

  /** Starts a new page when fewer than `height` points are left on this one; true when it did. */
  ensureSpace(height: number): boolean {
    if (this.y + height <= page.bottom) return false;
    this.addPage();
    return true;
  }

  /** Writes text at (x, y) without letting PDFKit move its own cursor or add pages. */
  text(value: string, x: number, y: number, options: { font: StandardFont; size: number; color: string; width?: number; align?: 'left' | 'right' | 'center' }): void {
    const { doc } = this;
    this.fonts.apply(options.font, value).fontSize(options.size).fillColor(options.color);
    const width = options.width ?? contentWidth;
    doc.text(value, x, y, { width, align: options.align ?? 'left', lineBreak: false });
  }

  /** The text cut with an ellipsis so it fits `width` on one line. */
  fit(value: string, width: number, font: StandardFont, size: number): string {
    const { doc } = this;
    this.fonts.apply(font, value).fontSize(size);
    if (doc.widthOfString(value) <= width) return value;
    let low = 0;
    let high = value.length;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (doc.widthOfString(`${value.slice(0, middle)}…`) <= width) low = middle;
      else high = middle - 1;
    }
    return `${value.slice(0, low)}…`;
  }

  /** A paragraph that wraps, moving the cursor below it (and to a new page first when it does not fit). */
  paragraph(value: string, options: { size?: number; color?: string; font?: StandardFont; gap?: number } = {}): void {
    const { doc } = this;
    const size = options.size ?? 10;
    this.fonts.apply(options.font ?? this.theme.fonts.body, value).fontSize(size);
    const height = doc.heightOfString(value, { width: contentWidth, lineGap: 2 });
    this.ensureSpace(Math.min(height, page.bottom - page.top));
    doc.fillColor(options.color ?? this.colors.text).text(value, page.margin, this.y, { width: contentWidth, lineGap: 2 });
    this.y = doc.y + (options.gap ?? 10);
  }

  /**
   * A section's heading, with its bookmark. It starts a new page unless the section before left more than half of
   * this one free (a page is never left mostly empty before a short section); in the compact layout it follows on.
   */
  sectionHeading(title: string): void {
    const { doc, theme } = this;
    if (this.compact) {
      if (!this.pageOpen) this.addPage();
      this.ensureSpace(80);
      doc.outline.addItem(title);
      this.y += this.y > page.top ? 6 : 0;
      this.text(title, page.margin, this.y, { font: theme.fonts.heading, size: 13, color: theme.colors.primary });
      this.y += 17;
      doc.rect(page.margin, this.y, 32, 2).fill(theme.colors.accent);
      this.y += 8;
      return;
    }
    if (!this.mostlyFree) this.addPage();
    else if (this.y > page.top) this.y += 24;
    doc.outline.addItem(title);
    this.text(title, page.margin, this.y, { font: theme.fonts.heading, size: theme.headingSize, color: theme.colors.primary });
    this.y += theme.headingSize + 6;
    doc.rect(page.margin, this.y, 48, 3).fill(theme.colors.accent);
    this.y += 18;
  }

  /** A sub-heading inside a section (kept with at least `keep` points of what follows). */
  subheading(title: string, keep = 80): void {
    this.ensureSpace(20 + keep);
    this.text(title, page.margin, this.y, { font: this.theme.fonts.bodyBold, size: 12, color: this.colors.text });
    this.y += 20;
  }

  /** A small grey line under a table or chart. */
  caption(value: string): void {
    this.ensureSpace(14);
    this.text(this.fit(value, contentWidth, this.theme.fonts.body, 8), page.margin, this.y, { font: this.theme.fonts.body, size: 8, color: this.colors.muted });
    this.y += 16;
  }

  /** Headers and footers on every page but the cover, then ends the document. */
  finish(footer: FooterInfo): PDFKit.PDFDocument {
    const { doc } = this;
    if (this.pageOpen) this.pageFills.push(this.onCover ? page.bottom : this.y);
    const range = doc.bufferedPageRange();
    // Without a cover (the compact layout) the first page is a content page and gets the frame too.
    const firstFramed = this.compact ? range.start : range.start + 1;
    for (let index = range.start; index < range.start + range.count; index += 1) {
      doc.switchToPage(index);
      // Writing in the margins must not make PDFKit open a page.
      const margins = { ...doc.page.margins };
      doc.page.margins = { top: 0, bottom: 0, left: 0, right: 0 };
      if (index >= firstFramed) this.pageFrame(footer, index - range.start + 1, range.count);
      doc.page.margins = margins;
    }
    doc.flushPages();
    doc.end();
    return doc;
  }

  private pageFrame(footer: FooterInfo, number: number, count: number): void {
    const { doc, theme, brand } = this;
    const { primary, muted, rule } = theme.colors;
    doc.rect(0, 0, page.width, 6).fill(primary);
    let brandRight = page.margin;
    if (this.logo) {
      doc.image(this.logo as never, page.margin, 18, { fit: [90, 26], valign: 'center' });
      brandRight += 98;
    }
    if (brand.name) {
      this.text(this.fit(brand.name, 200, theme.fonts.bodyBold, 10), brandRight, 26, { font: theme.fonts.bodyBold, size: 10, color: primary, width: 200 });
    }
    this.text(this.fit(footer.title, 260, theme.fonts.body, 9), page.width - page.margin - 260, 27, { font: theme.fonts.body, size: 9, color: muted, width: 260, align: 'right' });
    doc.moveTo(page.margin, 52).lineTo(page.width - page.margin, 52).lineWidth(0.5).strokeColor(rule).stroke();
    const footY = page.height - 44;
    doc.moveTo(page.margin, footY - 8).lineTo(page.width - page.margin, footY - 8).lineWidth(0.5).strokeColor(rule).stroke();
    this.text(this.fit(footer.left, 380, theme.fonts.body, 8), page.margin, footY, { font: theme.fonts.body, size: 8, color: muted, width: 380 });
    this.text(`Page ${number} of ${count}`, page.width - page.margin - 120, footY, { font: theme.fonts.body, size: 8, color: muted, width: 120, align: 'right' });
  }
}
