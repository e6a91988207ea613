import { AppError } from "#workers/core/errors";
import { parseVideoUrl } from "#workers/core/shared/embeds";
import { videoPageUrl } from "#workers/core/shared/video-players";
import { randomToken } from "#workers/platform/crypto";
import { sniffImage } from "#workers/platform/image-header";
import { putAll, widthVariants } from "#workers/platform/images";
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
 * (the shared check of platform/images.ts, before any decoding) and a full decode. Only then are the WebP variants put into R2; the caller deletes them again if the D1
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

/** Checks one upload and makes its two WebP variants (large ≤ SHOUT_IMAGE_WIDTH wide, thumb for grids). */
async function preparePicture(file: unknown, index: number, userId: number, caption: string): Promise<PreparedMedia> {
  if (!(file instanceof File) || file.size === 0) throw AppError.field(FIELD, `Файл №${index + 1} пуст или не выбран.`);
  if (file.size > SHOUT_IMAGE_MAX_BYTES) throw tooLarge(index);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!sniffImage(bytes)) throw notAnImage(index);
  const [large, thumb] = widthVariants(bytes, [SHOUT_IMAGE_WIDTH, SHOUT_THUMB_WIDTH], {
    field: FIELD,
    number: index + 1,
    maxPixels: SHOUT_IMAGE_MAX_PIXELS,
  });
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
  for (const [i, file] of files.entries())
    pictures.push(await preparePicture(file, i, userId, input.captions[i] ?? ""));
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
