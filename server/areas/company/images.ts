import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { ApiError, ValidationErrors } from '../../shared/errors';
import type { ImageUploadResponse } from '../../../schema/company';
import { ref } from '../../shared/schemas';

/** Largest image accepted (spec core §9). */
export const MAX_IMAGE_BYTES = 100000;

/** The image type the bytes really are (by their magic numbers), or null. SVG is refused: it can carry script. */
export function detectImageType(bytes: Buffer): string | null {
  const starts = (sig: readonly number[], at = 0): boolean => bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'image/gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (starts([0x42, 0x4d]) && isBmpHeader(bytes)) return 'image/bmp';
  return null;
}

const BMP_INFO_SIZES = new Set([12, 40, 52, 56, 64, 108, 124]);
const BMP_BITS = new Set([1, 2, 4, 8, 16, 24, 32]);
/** Markup a browser could be talked into rendering; image metadata (XMP: `<x:xmpmeta`, `<rdf:`) does not match. */
const MARKUP = /<(?:!doctype|html|head|body|script|iframe|svg|object|embed|meta|a\s)/i;

/**
 * Whether the bytes after 'BM' are a real bitmap header: 'BM' alone is two printable letters any
 * text file may start with (an HTML page that says BMP). The file header's size matches the bytes,
 * the reserved words are zero, the pixels start inside the file after the headers, the info header
 * has a known size, one plane and a real bit depth, and no markup is hidden in the first kilobyte.
 */
function isBmpHeader(bytes: Buffer): boolean {
  if (bytes.length < 26) return false;
  const infoSize = bytes.readUInt32LE(14);
  if (!BMP_INFO_SIZES.has(infoSize) || bytes.length < 14 + infoSize) return false;
  const core = infoSize === 12;
  const width = core ? bytes.readUInt16LE(18) : bytes.readInt32LE(18);
  const height = core ? bytes.readUInt16LE(20) : bytes.readInt32LE(22);
  const planes = bytes.readUInt16LE(core ? 22 : 26);
  const bits = bytes.readUInt16LE(core ? 24 : 28);
  const pixels = bytes.readUInt32LE(10);
  return (
    bytes.readUInt32LE(2) === bytes.length &&
    bytes.readUInt32LE(6) === 0 &&
    pixels >= 14 + infoSize &&
    pixels < bytes.length &&
    width > 0 &&
    height !== 0 &&
    planes === 1 &&
    BMP_BITS.has(bits) &&
    !MARKUP.test(bytes.subarray(0, 1024).toString('latin1'))
  );
}

interface MultipartError {
  code?: string;
}

/**
 * POST /images (multipart: FolderType 1..7 and one image file of at most 100000 bytes) and the
 * public GET /images/{Key} that serves the stored bytes; the key is random, so an image's address
 * cannot be guessed from another's.
 */
export default async function imageRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 6, headerPairs: 50 },
  });

  app.post('/images', { schema: { response: { 200: ref('ImageUploadResponse') } } }, async (request): Promise<ImageUploadResponse> => {
    const { companyId } = request.ctx;
    if (!request.isMultipart()) throw ApiError.field(400, 'file', 'NotEmpty');
    let file: { bytes: Buffer; declared: string; name: string } | undefined;
    let folderField: string | undefined = typeof (request.query as Record<string, unknown>)?.FolderType === 'string' ? ((request.query as Record<string, string>).FolderType) : undefined;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          const bytes = await part.toBuffer();
          if (part.fieldname === 'file') file = { bytes, declared: part.mimetype, name: part.filename ?? '' };
        } else if (part.fieldname === 'FolderType') {
          folderField = String(part.value);
        }
      }
    } catch (err) {
      if (err instanceof ApiError) throw err;
      const code = (err as MultipartError).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw ApiError.field(400, 'file', 'ImageSizeLimit', { limit: MAX_IMAGE_BYTES });
      if (code === 'FST_FILES_LIMIT') throw ApiError.field(400, 'file', 'TooMany', { limit: 1 });
      throw ApiError.field(400, 'file', 'InvalidFormat');
    }
    const errors = new ValidationErrors();
    const folderType = folderField !== undefined && /^\d{1,2}$/.test(folderField.trim()) ? Number(folderField) : NaN;
    if (folderField === undefined || folderField.trim() === '') errors.add('FolderType', 'NotEmpty');
    else if (!(folderType >= 1 && folderType <= 7)) errors.add('FolderType', 'InvalidValue');
    let contentType: string | null = null;
    if (!file || file.bytes.length === 0) errors.add('file', 'NotEmpty');
    else if (file.bytes.length > MAX_IMAGE_BYTES) errors.add('file', 'ImageSizeLimit', { limit: MAX_IMAGE_BYTES });
    else {
      contentType = detectImageType(file.bytes);
      if (!contentType || !file.declared.toLowerCase().startsWith('image/')) errors.add('file', 'ImageWrongType');
    }
    errors.throwIfAny();
    const key = randomBytes(16).toString('base64url');
    const row = await app.db.one<{ id: string | number }>(
      `insert into images (company_id, folder_type, file_name, content_type, size, data, public_key)
       values ($1, $2, $3, $4, $5, decode($6, 'base64'), $7) returning id`,
      [companyId, folderType, file!.name.slice(0, 200), contentType!, file!.bytes.length, file!.bytes.toString('base64'), key],
    );
    return { Id: Number(row!.id), ImageUrl: `/api/images/${key}`, FolderType: folderType };
  });

  app.get<{ Params: { Key: string } }, { public: boolean }>(
    '/images/:Key',
    {
      config: { public: true },
      schema: { params: { type: 'object', properties: { Key: { type: 'string', pattern: '^[A-Za-z0-9_-]{22,24}$' } }, required: ['Key'] } },
    },
    async (request, reply) => {
      const row = await app.db.one<{ content_type: string; data: Uint8Array; size: number }>('select content_type, data, size from images where public_key = $1', [
        request.params.Key,
      ]);
      if (!row) throw ApiError.notFound('Image', request.params.Key);
      const etag = `"img-${request.params.Key}-${row.size}"`;
      void reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'");
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type(row.content_type).send(Buffer.from(row.data));
    },
  );
}
