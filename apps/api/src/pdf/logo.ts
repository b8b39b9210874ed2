/**
 * The agency's logo as every document prints it (issue 30). A PNG's bytes say nothing of what it
 * decodes to: 250 KB can be 8000 × 8000 pixels, 256 MB that the PDF library decoded on the main
 * thread for every receipt. So a logo is measured from its header (sharp reads it without decoding),
 * refused past AGENCY_LOGO_MAX_SIDE a side, and re-encoded once on upload by sharp (libvips, off
 * the main thread) to at most PRINT_MAX_SIDE a side: what a letterhead shows at 90 × 50 points.
 */
import { createHash } from 'node:crypto';
import { AGENCY_LOGO_MAX_SIDE, MESSAGES } from '@cobranzas/shared';
import sharp from 'sharp';
import { HttpError } from '../errors';

/** Pixels a side of the stored logo: 90 points printed at 600 dpi, and then some. */
export const PRINT_MAX_SIDE = 800;

export type LogoType = 'image/png' | 'image/jpeg';

const MAX_PIXELS = AGENCY_LOGO_MAX_SIDE * AGENCY_LOGO_MAX_SIDE;

/** The image type proven by the first bytes: PNG's signature or JPEG's SOI marker; else null. */
export function logoTypeOf(bytes: Buffer): LogoType | null {
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (bytes.length > png.length && bytes.subarray(0, png.length).equals(png)) return 'image/png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

const unreadable = () =>
  new HttpError(415, MESSAGES.agencyLogoUnreadable, { file: [MESSAGES.agencyLogoUnreadable] });

/** Re-encoded to fit PRINT_MAX_SIDE, in its own format, without metadata. */
async function reencode(bytes: Buffer, type: LogoType): Promise<Buffer> {
  // Best effort past a bad byte (failOn none), as pdfkit was: a header that does not read still fails.
  const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'none' })
    .rotate()
    .resize({ width: PRINT_MAX_SIDE, height: PRINT_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
  return type === 'image/png'
    ? image.png({ compressionLevel: 9 }).toBuffer()
    : image.jpeg({ quality: 90 }).toBuffer();
}

/**
 * An uploaded logo made safe to print: its type from its bytes (415 otherwise), its size from its
 * header (400 past AGENCY_LOGO_MAX_SIDE a side, with the figures), then decoded and re-encoded
 * (415 when the image is damaged).
 */
export async function acceptLogo(bytes: Buffer): Promise<{ bytes: Buffer; type: LogoType }> {
  const type = logoTypeOf(bytes);
  if (!type) throw new HttpError(415, MESSAGES.agencyLogoType, { file: [MESSAGES.agencyLogoType] });
  let width: number;
  let height: number;
  try {
    ({ width, height } = await sharp(bytes).metadata());
  } catch {
    throw unreadable();
  }
  if (width > AGENCY_LOGO_MAX_SIDE || height > AGENCY_LOGO_MAX_SIDE) {
    const message = MESSAGES.agencyLogoTooManyPixels(width, height, AGENCY_LOGO_MAX_SIDE);
    throw new HttpError(400, message, { file: [message] });
  }
  try {
    return { bytes: await reencode(bytes, type), type };
  } catch {
    throw unreadable();
  }
}

/** The last stored logo seen and how it prints, by its content's hash (one agency per database). */
let last: { hash: string; printable: Buffer | null } | null = null;

/**
 * The stored logo as documents print it. A logo stored before issue 30 may be of any size: past
 * PRINT_MAX_SIDE it is re-encoded here (once per process and content), and one past
 * AGENCY_LOGO_MAX_SIDE or unreadable prints no logo rather than stalling or failing every document.
 */
export async function printableLogo(bytes: Buffer, type: string): Promise<Buffer | null> {
  const hash = createHash('sha256').update(bytes).digest('base64');
  if (last?.hash === hash) return last.printable;
  const printable = await fit(bytes, type);
  last = { hash, printable };
  return printable;
}

async function fit(bytes: Buffer, type: string): Promise<Buffer | null> {
  try {
    const { width, height } = await sharp(bytes).metadata();
    if (width <= PRINT_MAX_SIDE && height <= PRINT_MAX_SIDE) return bytes;
    return await reencode(bytes, type === 'image/png' ? 'image/png' : 'image/jpeg');
  } catch {
    return null;
  }
}
