import { crop, PhotonImage, resize, SamplingFilter } from "@cf-wasm/photon/workerd";
import { AppError } from "#workers/core/errors";
import { UPLOAD_MAX_BYTES } from "#workers/core/shared/media";
import { IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE, type ImageHeader, readImageHeader, sniffImage } from "./image-header";

/**
 * Image handling for uploads: the type is decided by the file's bytes (never its name or declared type), the
 * pixel size by its header before anything is decoded (image-header.ts), decoding and resizing run in photon's
 * wasm build for workerd, every variant is WebP. Every decode goes through `decode` below, so no upload path
 * can reach photon without the header check.
 */

/** Which upload a message is about: the form field, and the picture's number when several go together. */
export interface UploadLabel {
  field: string;
  /** 1-based, for forms with several pictures (shouts). */
  number?: number;
  /** Pixel ceiling of this path; never above IMAGE_MAX_PIXELS. */
  maxPixels?: number;
}

const ru = new Intl.NumberFormat("ru");

export async function readUpload(file: unknown, field: string): Promise<Uint8Array> {
  if (!(file instanceof File) || file.size === 0) throw AppError.field(field, "Выберите файл с картинкой.");
  if (file.size > UPLOAD_MAX_BYTES) {
    throw new AppError("too_large", "Файл больше 5 МБ.", { errors: { [field]: ["Файл больше 5 МБ."] } });
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!sniffImage(bytes)) {
    throw new AppError("unsupported_media", "Это не картинка: подойдут JPEG, PNG, GIF или WebP.", {
      errors: { [field]: ["Это не картинка: подойдут JPEG, PNG, GIF или WebP."] },
    });
  }
  return bytes;
}

/**
 * The one check of a picture's declared size, run before any decoding: refuses (400, a Russian field error)
 * a header that cannot be read, a side over IMAGE_MAX_SIDE or more pixels than the path allows.
 */
export function checkImageHeader(bytes: Uint8Array, label: UploadLabel): ImageHeader {
  const which = label.number ? ` №${label.number}` : "";
  const header = readImageHeader(bytes);
  if (!header) {
    throw AppError.field(label.field, `Не удалось прочитать размер картинки${which}: файл повреждён или обрезан.`);
  }
  const maxPixels = Math.min(label.maxPixels ?? IMAGE_MAX_PIXELS, IMAGE_MAX_PIXELS);
  const size = `${ru.format(header.width)}×${ru.format(header.height)}`;
  if (header.width > IMAGE_MAX_SIDE || header.height > IMAGE_MAX_SIDE) {
    throw AppError.field(
      label.field,
      `Картинка${which} слишком большая (${size}): не больше ${ru.format(IMAGE_MAX_SIDE)} пикселей по каждой стороне.`,
    );
  }
  if (header.width * header.height > maxPixels) {
    throw AppError.field(
      label.field,
      `Картинка${which} слишком большая (${size}): не больше ${ru.format(maxPixels / 1e6)} мегапикселей.`,
    );
  }
  return header;
}

function broken(label: UploadLabel): AppError {
  const which = label.number ? ` №${label.number}` : "";
  return AppError.field(label.field, `Не удалось прочитать картинку${which}: файл повреждён.`);
}

/** Checks the header, then decodes; a file photon cannot read is a field error, never a 500. */
function decode(bytes: Uint8Array, label: UploadLabel): PhotonImage {
  checkImageHeader(bytes, label);
  try {
    return PhotonImage.new_from_byteslice(bytes);
  } catch {
    throw broken(label);
  }
}

/** Runs `work` on the decoded picture and frees it; a photon failure on the way is the file's fault. */
function withImage<T>(bytes: Uint8Array, label: UploadLabel, work: (image: PhotonImage) => T): T {
  const image = decode(bytes, label);
  try {
    return work(image);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw broken(label);
  } finally {
    image.free();
  }
}

/** Encodes a scaled copy as WebP and frees it. */
function scaledWebp(image: PhotonImage, width: number, height: number): Uint8Array {
  const scaled = resize(image, width, height, SamplingFilter.Lanczos3);
  try {
    return scaled.get_bytes_webp();
  } finally {
    scaled.free();
  }
}

/**
 * Square WebP variants, one per size. The picture is first scaled so its shorter side is the largest size, and
 * only then centre-cropped, so no full-size copy is ever made next to the decoded original.
 */
export function squareVariants(bytes: Uint8Array, sizes: number[], label: UploadLabel): Uint8Array[] {
  return withImage(bytes, label, (image) => {
    const w = image.get_width();
    const h = image.get_height();
    const side = Math.min(Math.max(...sizes), w, h);
    const sw = Math.max(side, Math.round((w * side) / Math.min(w, h)));
    const sh = Math.max(side, Math.round((h * side) / Math.min(w, h)));
    const scaled = sw === w && sh === h ? image : resize(image, sw, sh, SamplingFilter.Lanczos3);
    try {
      const x = Math.floor((sw - side) / 2);
      const y = Math.floor((sh - side) / 2);
      const square = crop(scaled, x, y, x + side, y + side);
      try {
        return sizes.map((size) => {
          const target = Math.min(size, side);
          return target === side ? square.get_bytes_webp() : scaledWebp(square, target, target);
        });
      } finally {
        square.free();
      }
    } finally {
      if (scaled !== image) scaled.free();
    }
  });
}

/** A WebP variant and its pixel size. */
export interface WebpVariant {
  body: Uint8Array;
  width: number;
  height: number;
}

/** One WebP per width: each scaled down to at most that wide, keeping the aspect ratio (one decode for all). */
export function widthVariants(bytes: Uint8Array, maxWidths: number[], label: UploadLabel): WebpVariant[] {
  return withImage(bytes, label, (image) => {
    const w = image.get_width();
    const h = image.get_height();
    return maxWidths.map((maxWidth) => {
      if (w <= maxWidth) return { body: image.get_bytes_webp(), width: w, height: h };
      const height = Math.max(1, Math.round((h * maxWidth) / w));
      return { body: scaledWebp(image, maxWidth, height), width: maxWidth, height };
    });
  });
}

/** Writes every object or none: on a failure the ones already written are deleted. */
export async function putAll(bucket: R2Bucket, objects: { key: string; body: Uint8Array }[]): Promise<void> {
  const written: string[] = [];
  try {
    for (const object of objects) {
      await bucket.put(object.key, object.body, {
        httpMetadata: { contentType: "image/webp", cacheControl: "public, max-age=31536000, immutable" },
      });
      written.push(object.key);
    }
  } catch (error) {
    if (written.length) await bucket.delete(written);
    throw error;
  }
}
