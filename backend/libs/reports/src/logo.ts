import { reportDesignMessages, reportLogoLimits, type ReportLogoType } from '@serpwise/contracts';
import { PDFDocument } from './pdf/pdf-engine.js';
import { inflateSync } from 'node:zlib';

export const maxLogoPixels = 2000;

export type LogoCheck = { ok: true; type: ReportLogoType; width: number; height: number } | { ok: false; message: string };

const isPng = (data: Buffer) => data.length > 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
const isJpeg = (data: Buffer) => data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff;

interface OpenedImage {
  width: number;
  height: number;
  /** PNG only: the compressed pixel data. */
  imgData?: Uint8Array;
}

/**
 * Checks an uploaded report logo: PNG or JPEG by its bytes (not its name or declared type), at most
 * reportLogoLimits.maxBytes and maxLogoPixels a side, and readable by PDFKit — a PNG's pixel data is inflated here
 * once, because PDFKit inflates it later in a callback where a corrupt file could not be caught.
 */
export function checkLogo(data: Buffer): LogoCheck {
  if (!data.length) return { ok: false, message: reportDesignMessages.logoMissing };
  if (data.length > reportLogoLimits.maxBytes) return { ok: false, message: reportDesignMessages.logoTooLarge };
  const type: ReportLogoType | null = isPng(data) ? 'image/png' : isJpeg(data) ? 'image/jpeg' : null;
  if (!type) return { ok: false, message: reportDesignMessages.logoType };
  try {
    const Document = PDFDocument();
    const doc = new Document({ autoFirstPage: false }) as PDFKit.PDFDocument & { openImage(data: Buffer): OpenedImage };
    const image = doc.openImage(data);
    if (type === 'image/png') inflateSync(Buffer.from(image.imgData ?? new Uint8Array()));
    if (!(image.width > 0 && image.height > 0)) return { ok: false, message: reportDesignMessages.logoType };
    if (image.width > maxLogoPixels || image.height > maxLogoPixels) return { ok: false, message: reportDesignMessages.logoDimensions };
    return { ok: true, type, width: image.width, height: image.height };
  } catch {
    return { ok: false, message: reportDesignMessages.logoType };
  }
}
