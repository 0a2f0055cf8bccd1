import { textOn, type CoverLayout } from '../designs.js';
import { page, type ReportWriter } from './writer.js';

export interface CoverContent {
  title: string;
  /** example.com · United States · October 2026 */
  subject: string;
  preparedFor: string;
  preparedBy: string;
  date: string;
  comments: string;
}

/** Where a layout leaves room for the text, and in which colours it reads. */
interface CoverFrame {
  x: number;
  width: number;
  /** Brand (logo or name) line. */
  brandY: number;
  titleY: number;
  /** Top of the prepared-for/by block. */
  detailsY: number;
  text: string;
  muted: string;
  /** Title colour (on a band it follows the band). */
  titleColor: string;
  /** A marker stroke under the title (Whiteboard), in this colour. */
  marker?: string;
}

const fullWidth = page.width - 2 * page.margin;

/** Draws the design's cover shapes and says where the text goes. */
function drawLayout(writer: ReportWriter, layout: CoverLayout): CoverFrame {
  const { doc, theme } = writer;
  const { primary, accent, text, muted } = theme.colors;
  const onPrimary = textOn(primary);
  const light = { x: page.margin, width: fullWidth, brandY: 60, titleY: 300, detailsY: 470, text, muted, titleColor: primary };
  switch (layout) {
    case 'waves': {
      doc.rect(0, 0, page.width, 330).fill(primary);
      doc.save().fillOpacity(0.55);
      doc.moveTo(0, 300).bezierCurveTo(150, 250, 300, 350, page.width, 280).lineTo(page.width, 360).lineTo(0, 360).closePath().fill(accent);
      doc.restore();
      doc.moveTo(0, 330).bezierCurveTo(180, 290, 360, 380, page.width, 320).lineTo(page.width, 380).lineTo(0, 380).closePath().fill('#ffffff');
      return { ...light, brandY: 60, titleY: 150, detailsY: 430, titleColor: onPrimary, text, muted };
    }
    case 'full': {
      doc.rect(0, 0, page.width, page.height).fill(primary);
      doc.rect(page.margin, 280, 80, 3).fill(accent);
      const soft = onPrimary === '#ffffff' ? '#d9dee4' : '#3e4c59';
      return { ...light, titleY: 300, detailsY: 480, text: onPrimary, muted: soft, titleColor: onPrimary };
    }
    case 'arc': {
      doc.circle(page.width + 20, -20, 270).fill(primary);
      doc.save().fillOpacity(0.85);
      doc.circle(page.width - 40, 230, 70).fill(accent);
      doc.restore();
      doc.save().lineWidth(2).strokeColor(accent);
      doc.circle(page.width + 20, -20, 300).stroke();
      doc.restore();
      return { ...light, titleY: 340, detailsY: 500 };
    }
    case 'sidebar': {
      doc.rect(0, 0, 150, page.height).fill(primary);
      doc.rect(150, 0, 6, page.height).fill(accent);
      return { ...light, x: 190, width: page.width - 190 - page.margin, titleY: 280, detailsY: 450 };
    }
    case 'frame': {
      doc.save().lineWidth(2.5).strokeColor(primary).rect(24, 24, page.width - 48, page.height - 48).stroke().restore();
      return { ...light, titleY: 300, detailsY: 450, titleColor: text, marker: accent };
    }
    case 'diagonal': {
      doc.polygon([0, 0], [page.width, 0], [page.width, 230], [0, 380]).fill(primary);
      doc.polygon([0, 380], [page.width, 230], [page.width, 250], [0, 400]).fill(accent);
      return { ...light, titleY: 140, detailsY: 460, titleColor: onPrimary };
    }
    case 'circles': {
      doc.save().fillOpacity(0.35);
      doc.circle(page.width - 120, page.height - 170, 150).fill(primary);
      doc.circle(page.width - 220, page.height - 90, 110).fill(accent);
      doc.circle(page.width - 40, page.height - 320, 80).fill(accent);
      doc.restore();
      return { ...light, titleY: 260, detailsY: 420 };
    }
    case 'plain': {
      doc.moveTo(page.margin, 280).lineTo(page.width - page.margin, 280).lineWidth(1).strokeColor(text).stroke();
      return { ...light, titleY: 300, detailsY: 460, titleColor: text };
    }
  }
}

/** The cover page: brand, title, subject, prepared for/by, date and the user's comments. */
export function drawCover(writer: ReportWriter, content: CoverContent): void {
  const { doc, theme, brand } = writer;
  writer.addPage();
  writer.markCover();
  const margins = { ...doc.page.margins };
  doc.page.margins = { top: 0, bottom: 0, left: 0, right: 0 };
  const frame = drawLayout(writer, theme.cover);
  const onBand = frame.titleColor !== theme.colors.primary && frame.titleColor !== theme.colors.text;

  let brandX = frame.x;
  if (writer.logo) {
    doc.image(writer.logo as never, frame.x, frame.brandY, { fit: [140, 48], valign: 'center' });
    brandX += 150;
  }
  if (brand.name) {
    const color = onBand || theme.cover === 'full' ? frame.titleColor : theme.colors.primary;
    writer.text(writer.fit(brand.name, frame.width - (brandX - frame.x), theme.fonts.bodyBold, 14), brandX, frame.brandY + 16, {
      font: theme.fonts.bodyBold,
      size: 14,
      color,
      width: frame.width - (brandX - frame.x),
    });
  }

  writer.fonts.apply(theme.fonts.heading, content.title).fontSize(30).fillColor(frame.titleColor);
  doc.text(content.title, frame.x, frame.titleY, { width: frame.width, lineGap: 2, height: 110, ellipsis: true });
  let y = Math.min(doc.y, frame.titleY + 112) + 8;
  if (frame.marker) {
    doc.save().lineWidth(6).strokeOpacity(0.5).strokeColor(frame.marker).moveTo(frame.x, y - 2).lineTo(frame.x + 220, y - 5).stroke().restore();
    y += 10;
  }
  writer.fonts.apply(theme.fonts.body, content.subject).fontSize(13).fillColor(onBand ? frame.titleColor : frame.muted);
  doc.text(content.subject, frame.x, y, { width: frame.width, lineBreak: false });
  y = Math.max(y + 40, frame.detailsY);

  const details: [string, string][] = [];
  if (content.preparedFor) details.push(['Prepared for', content.preparedFor]);
  if (content.preparedBy) details.push(['Prepared by', content.preparedBy]);
  details.push(['Date', content.date]);
  for (const [label, value] of details) {
    writer.text(label.toUpperCase(), frame.x, y, { font: theme.fonts.bodyBold, size: 8, color: frame.muted, width: frame.width });
    writer.text(writer.fit(value, frame.width, theme.fonts.body, 12), frame.x, y + 11, { font: theme.fonts.body, size: 12, color: frame.text, width: frame.width });
    y += 36;
  }

  if (content.comments) {
    y += 8;
    writer.text('COMMENTS', frame.x, y, { font: theme.fonts.bodyBold, size: 8, color: frame.muted, width: frame.width });
    y += 13;
    const bottom = theme.cover === 'circles' ? page.height - 260 : page.height - 60;
    writer.fonts.apply(theme.fonts.body, content.comments).fontSize(9.5).fillColor(frame.text);
    doc.text(content.comments, frame.x, y, { width: theme.cover === 'circles' ? frame.width - 160 : frame.width, lineGap: 1.5, height: Math.max(40, bottom - y), ellipsis: true });
  }
  doc.page.margins = margins;
}

/**
 * The one-page layout's title block in place of a cover: title, subject, prepared for and by, the date and the
 * comments (cut to three lines), at the top of the first page under the page frame.
 */
export function drawTitleBlock(writer: ReportWriter, content: CoverContent): void {
  const { doc, theme } = writer;
  writer.addPage();
  const width = page.width - 2 * page.margin;
  writer.fonts.apply(theme.fonts.heading, content.title).fontSize(18).fillColor(theme.colors.primary);
  doc.text(content.title, page.margin, writer.y, { width, height: 46, ellipsis: true, lineGap: 1 });
  writer.y = Math.min(doc.y, writer.y + 46) + 2;
  const details = [
    content.subject,
    content.preparedFor && `Prepared for ${content.preparedFor}`,
    content.preparedBy && `by ${content.preparedBy}`,
    content.date,
  ].filter(Boolean);
  writer.text(writer.fit(details.join(' · '), width, theme.fonts.body, 9.5), page.margin, writer.y, { font: theme.fonts.body, size: 9.5, color: theme.colors.muted, width });
  writer.y += 16;
  if (content.comments) {
    writer.fonts.apply(theme.fonts.body, content.comments).fontSize(9).fillColor(theme.colors.text);
    doc.text(content.comments, page.margin, writer.y, { width, height: 36, ellipsis: true, lineGap: 1 });
    writer.y = Math.min(doc.y, writer.y + 36) + 4;
  }
  doc.moveTo(page.margin, writer.y).lineTo(page.width - page.margin, writer.y).lineWidth(0.5).strokeColor(theme.colors.rule).stroke();
  writer.y += 8;
}
