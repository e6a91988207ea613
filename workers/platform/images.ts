import { crop, PhotonImage, resize, SamplingFilter } from "@cf-wasm/photon/workerd";
import { AppError } from "#workers/core/errors";
import { UPLOAD_MAX_BYTES } from "#workers/core/shared/media";

/**
 * Image handling for uploads: the type is decided by the file's bytes (never its name or declared type),
 * decoding and resizing run in photon's wasm build for workerd, every variant is WebP.
 */
export type ImageKind = "png" | "jpeg" | "gif" | "webp";

export function sniffImage(bytes: Uint8Array): ImageKind | null {
  const b = bytes;
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return "png";
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpeg";
  if (b.length >= 6 && b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38) return "gif";
  if (
    b.length >= 12 &&
    b[0] === 0x52 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x46 &&
    b[8] === 0x57 && b[9] === 0x45 && b[10] === 0x42 && b[11] === 0x50
  ) {
    return "webp";
  }
  return null;
}

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

function decode(bytes: Uint8Array, field: string): PhotonImage {
  try {
    return PhotonImage.new_from_byteslice(bytes);
  } catch {
    throw AppError.field(field, "Не удалось прочитать картинку: файл повреждён.");
  }
}

/** Square centre crop, then one WebP per size. */
export function squareVariants(bytes: Uint8Array, sizes: number[], field: string): Uint8Array[] {
  const image = decode(bytes, field);
  try {
    const w = image.get_width();
    const h = image.get_height();
    const side = Math.min(w, h);
    const square = crop(image, Math.floor((w - side) / 2), Math.floor((h - side) / 2), Math.floor((w - side) / 2) + side, Math.floor((h - side) / 2) + side);
    try {
      return sizes.map((size) => {
        const target = Math.min(size, side);
        const resized = resize(square, target, target, SamplingFilter.Lanczos3);
        try {
          return resized.get_bytes_webp();
        } finally {
          resized.free();
        }
      });
    } finally {
      square.free();
    }
  } finally {
    image.free();
  }
}

/** Scales down to at most `maxWidth` wide, keeping the aspect ratio. */
export function widthVariant(bytes: Uint8Array, maxWidth: number, field: string): Uint8Array {
  const image = decode(bytes, field);
  try {
    const w = image.get_width();
    const h = image.get_height();
    if (w <= maxWidth) return image.get_bytes_webp();
    const resized = resize(image, maxWidth, Math.max(1, Math.round((h * maxWidth) / w)), SamplingFilter.Lanczos3);
    try {
      return resized.get_bytes_webp();
    } finally {
      resized.free();
    }
  } finally {
    image.free();
  }
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
