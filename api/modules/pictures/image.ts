import { createHash } from 'node:crypto';
import type { Metadata, OutputInfo } from 'sharp';

/** Why an uploaded image was refused; callers turn it into their own message. */
export class ImageRejected extends Error {
  override name = 'ImageRejected';
  constructor(readonly reason: 'unsupported' | 'too-many-pixels') {
    super(reason === 'unsupported' ? 'not a supported image' : 'too many pixels');
  }
}

/** An image ready to be stored: re-encoded, without metadata, with its size and checksum. */
export interface NormalisedImage {
  data: Buffer;
  contentType: string;
  byteSize: number;
  width: number;
  height: number;
  /** sha256 of the stored bytes, base64url: the picture's ETag. */
  checksum: string;
}

export interface NormaliseOptions {
  /** The result fits inside maxWidth x maxHeight; smaller images are never enlarged. */
  maxWidth: number;
  maxHeight: number;
  /** WebP quality, 1-100. */
  quality?: number;
  /**
   * Refuse inputs with more pixels than this before decoding them (decompression bombs): each picture
   * kind says what it needs (decision 029), so there is no default.
   */
  maxInputPixels: number;
}

/**
 * What we decode. Judged by the bytes (libvips reads the header), never by the file name or the
 * claimed type. GIF and AVIF are taken too (first frame of an animation); SVG, TIFF, PDF, RAW and
 * HEIC are not: a profile photo has no business being any of those, and SVG would mean rendering
 * a document.
 */
function isAcceptedFormat(meta: Metadata): boolean {
  switch (meta.format) {
    case 'jpeg':
    case 'png':
    case 'webp':
    case 'gif':
      return true;
    case 'heif':
      return meta.compression === 'av1';
    default:
      return false;
  }
}

export function checksumOf(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('base64url');
}

/**
 * Checks that the bytes are an image we accept, then re-encodes them: turned upright from the EXIF
 * orientation, every metadata block dropped (EXIF with its GPS position, XMP, IPTC; colours converted
 * to sRGB), fitted inside the box, written as WebP. Throws ImageRejected for anything else.
 */
export async function normaliseImage(input: Buffer, options: NormaliseOptions): Promise<NormalisedImage> {
  const { maxInputPixels } = options;
  // Loaded on the first upload, not at start-up: libvips is tens of MB resident (decision 052).
  const { default: sharp } = await import('sharp');
  const open = (limitInputPixels: number | false) =>
    sharp(input, { failOn: 'error', limitInputPixels, animated: false });
  let meta: Metadata;
  try {
    // Reads the header only, so the pixel count can be judged (and named) before anything is decoded.
    meta = await open(false).metadata();
  } catch {
    throw new ImageRejected('unsupported');
  }
  if (!isAcceptedFormat(meta) || !meta.width || !meta.height) throw new ImageRejected('unsupported');
  if (meta.width * meta.height > maxInputPixels) throw new ImageRejected('too-many-pixels');

  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await open(maxInputPixels)
      .rotate()
      .resize({ width: options.maxWidth, height: options.maxHeight, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: options.quality ?? 82 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    // A header that parses over a body that does not (truncated or corrupt data).
    throw new ImageRejected('unsupported');
  }
  const { data, info } = output;
  return {
    data,
    contentType: 'image/webp',
    byteSize: data.length,
    width: info.width,
    height: info.height,
    checksum: checksumOf(data),
  };
}
