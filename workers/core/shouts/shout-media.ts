import { PhotonImage, resize, SamplingFilter } from "@cf-wasm/photon/workerd";
import { parseVideoUrl, videoPageUrl } from "#workers/core/shared/embeds";
import { AppError } from "#workers/core/errors";
import { webpSize } from "#workers/core/posts/posts";
import { randomToken } from "#workers/platform/crypto";
import { putAll, sniffImage } from "#workers/platform/images";
import {
  SHOUT_IMAGE_MAX_BYTES,
  SHOUT_IMAGE_MAX_PIXELS,
  SHOUT_IMAGE_WIDTH,
  SHOUT_MEDIA_MAX,
  SHOUT_THUMB_WIDTH,
} from "./shouts.constants";
import { pictureKeys } from "./shouts.serializers";

/**
 * Pictures and video links of a shout (spec §3 Media item; docs/decisions/0006 and 0018). Everything is checked
 * before anything is written: the count, each file's size, its type by content, its pixel size from the header
 * and a full decode. Only then are the WebP variants put into R2; the caller deletes them again if the D1
 * batch fails, so a failed post leaves nothing behind.
 */

/** A media item ready to be stored: `key` is the R2 key prefix of a picture or the URL of a video. */
export interface PreparedMedia {
  isVideo: boolean;
  key: string;
  width: number | null;
  height: number | null;
  caption: string;
  /** Picture variants to put into R2 (none for videos). */
  objects: { key: string; body: Uint8Array }[];
}

const FIELD = "files";
const MB = 1024 * 1024;

function tooLarge(index: number): AppError {
  const message = `Файл №${index + 1} больше ${SHOUT_IMAGE_MAX_BYTES / MB} МБ.`;
  return new AppError("too_large", message, { errors: { [FIELD]: [message] } });
}

function notAnImage(index: number): AppError {
  const message = `Файл №${index + 1} — не картинка: подойдут JPEG, PNG, GIF или WebP.`;
  return new AppError("unsupported_media", message, { errors: { [FIELD]: [message] } });
}

function broken(index: number): AppError {
  return AppError.field(FIELD, `Не удалось прочитать картинку №${index + 1}: файл повреждён.`);
}

/** Width and height from the image header, without decoding (null when the header cannot be read). */
export function headerSize(bytes: Uint8Array): { width: number; height: number } | null {
  const kind = sniffImage(bytes);
  const u16be = (at: number) => (bytes[at] << 8) | bytes[at + 1];
  try {
    if (kind === "png" && bytes.length >= 24) {
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      return { width: view.getUint32(16), height: view.getUint32(20) };
    }
    if (kind === "gif" && bytes.length >= 10) {
      return { width: bytes[6] | (bytes[7] << 8), height: bytes[8] | (bytes[9] << 8) };
    }
    if (kind === "webp" && bytes.length >= 30) return webpSize(bytes);
    if (kind === "jpeg") {
      let at = 2;
      while (at + 9 < bytes.length) {
        if (bytes[at] !== 0xff) return null;
        const marker = bytes[at + 1];
        if (marker === 0xff) {
          at += 1;
          continue;
        }
        const length = u16be(at + 2);
        // SOF0…SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
        if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
          return { height: u16be(at + 5), width: u16be(at + 7) };
        }
        at += 2 + length;
      }
    }
  } catch {
    return null;
  }
  return null;
}

function webp(image: PhotonImage, maxWidth: number): { body: Uint8Array; width: number; height: number } {
  const w = image.get_width();
  const h = image.get_height();
  if (w <= maxWidth) return { body: image.get_bytes_webp(), width: w, height: h };
  const height = Math.max(1, Math.round((h * maxWidth) / w));
  const resized = resize(image, maxWidth, height, SamplingFilter.Lanczos3);
  try {
    return { body: resized.get_bytes_webp(), width: maxWidth, height };
  } finally {
    resized.free();
  }
}

/** Checks one upload and makes its two WebP variants (large ≤ SHOUT_IMAGE_WIDTH wide, thumb for grids). */
async function preparePicture(file: unknown, index: number, userId: number, caption: string): Promise<PreparedMedia> {
  if (!(file instanceof File) || file.size === 0) throw AppError.field(FIELD, `Файл №${index + 1} пуст или не выбран.`);
  if (file.size > SHOUT_IMAGE_MAX_BYTES) throw tooLarge(index);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!sniffImage(bytes)) throw notAnImage(index);
  const size = headerSize(bytes);
  if (size && size.width * size.height > SHOUT_IMAGE_MAX_PIXELS) {
    throw AppError.field(
      FIELD,
      `Картинка №${index + 1} слишком большая: не больше ${Math.round(SHOUT_IMAGE_MAX_PIXELS / 1e6)} мегапикселей.`,
    );
  }
  let image: PhotonImage;
  try {
    image = PhotonImage.new_from_byteslice(bytes);
  } catch {
    throw broken(index);
  }
  try {
    const large = webp(image, SHOUT_IMAGE_WIDTH);
    const thumb = webp(image, SHOUT_THUMB_WIDTH);
    const prefix = `shouts/${userId}/${randomToken(12).replace(/[^\w-]/g, "")}`;
    const keys = pictureKeys(prefix);
    return {
      isVideo: false,
      key: prefix,
      width: large.width,
      height: large.height,
      caption,
      objects: [
        { key: keys.large, body: large.body },
        { key: keys.thumb, body: thumb.body },
      ],
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw broken(index);
  } finally {
    image.free();
  }
}

/** A video link of a supported provider, stored as the video's canonical page URL. */
function prepareVideo(url: string, index: number): PreparedMedia {
  const ref = parseVideoUrl(url);
  if (!ref) {
    throw AppError.field("videos", `Ссылка №${index + 1} не похожа на видео YouTube, VK Видео или Twitch.`);
  }
  return { isVideo: true, key: videoPageUrl(ref), width: null, height: null, caption: "", objects: [] };
}

/** Counts, checks and converts every item (nothing is written yet); pictures first, then videos. */
export async function prepareMedia(
  userId: number,
  input: { files: unknown[]; captions: string[]; videos: string[] },
): Promise<PreparedMedia[]> {
  const files = input.files.filter((f) => !(f instanceof File && f.size === 0 && !f.name));
  if (files.length + input.videos.length > SHOUT_MEDIA_MAX) {
    throw AppError.field(FIELD, `Не больше ${SHOUT_MEDIA_MAX} картинок и видео в одной записке.`);
  }
  const videos = input.videos.map((url, i) => prepareVideo(url, i));
  const pictures: PreparedMedia[] = [];
  // One at a time: a decoded picture can take tens of megabytes of the Worker's memory.
  for (const [i, file] of files.entries()) pictures.push(await preparePicture(file, i, userId, input.captions[i] ?? ""));
  return [...pictures, ...videos];
}

/** Puts every picture variant into R2 (all or none). Returns the keys written. */
export async function storeMedia(bucket: R2Bucket, media: PreparedMedia[]): Promise<string[]> {
  const objects = media.flatMap((m) => m.objects);
  if (objects.length) await putAll(bucket, objects);
  return objects.map((o) => o.key);
}

/** The R2 keys of stored media rows (pictures only). */
export function storedKeys(rows: { isVideo: boolean; key: string }[]): string[] {
  return rows.filter((r) => !r.isVideo).flatMap((r) => Object.values(pictureKeys(r.key)));
}

/** Deletes R2 objects, in chunks of 1000 (the R2 limit per call). */
export async function deleteObjects(bucket: R2Bucket, keys: string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 1000) await bucket.delete(keys.slice(i, i + 1000));
}
