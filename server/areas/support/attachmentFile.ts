import sharp from 'sharp';

/** Largest attachment accepted, in bytes. */
export const MAX_ATTACHMENT_BYTES = 5_000_000;

/** Largest picture decoded (pixels), so a small file cannot unpack into gigabytes. */
const MAX_PIXELS = 40_000_000;

type Kind = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'application/pdf';

/** What the bytes really are, by their magic numbers (never by the file's name or declared type). */
export function detectAttachment(bytes: Buffer): Kind | null {
  const starts = (sig: readonly number[], at = 0): boolean => bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'image/gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return null;
}

/** PDF features that run or open something: script, launch actions, embedded files. */
const ACTIVE_PDF = /\/(?:JavaScript|JS|Launch|EmbeddedFile|RichMedia|XFA)\b/;

export interface CheckedFile {
  bytes: Buffer;
  contentType: string;
  fileName: string;
}

/**
 * The attachment as it will be stored, or null when it is not an image or PDF it claims by content:
 * an image is decoded and written anew (metadata, trailing bytes and anything hidden in it are
 * dropped; a GIF becomes a PNG of its first frame), a PDF must be one (header and end marker) and
 * carry no script, launch action or embedded file.
 */
export async function checkAttachment(bytes: Buffer, name: string): Promise<CheckedFile | null> {
  const kind = detectAttachment(bytes);
  if (!kind) return null;
  const base = name.replace(/[\\/]/g, '_').replace(/[^\p{L}\p{N} ._()-]/gu, '').trim().slice(0, 150) || 'attachment';
  const stem = base.replace(/\.[^.]*$/, '') || 'attachment';
  if (kind === 'application/pdf') {
    const tail = bytes.subarray(Math.max(0, bytes.length - 1024)).toString('latin1');
    if (!tail.includes('%%EOF') || ACTIVE_PDF.test(bytes.toString('latin1'))) return null;
    return { bytes, contentType: kind, fileName: `${stem}.pdf` };
  }
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error', animated: false }).rotate();
    if (kind === 'image/jpeg') return { bytes: await image.jpeg({ quality: 90 }).toBuffer(), contentType: kind, fileName: `${stem}.jpg` };
    if (kind === 'image/webp') return { bytes: await image.webp({ quality: 90 }).toBuffer(), contentType: kind, fileName: `${stem}.webp` };
    return { bytes: await image.png().toBuffer(), contentType: 'image/png', fileName: `${stem}.png` };
  } catch {
    return null;
  }
}
