/**
 * The type and pixel size of an uploaded picture, read from its header without decoding it (docs/decisions/
 * 0006). Every upload is checked against these before photon sees it: a file of a few hundred kilobytes can
 * declare 20000×20000 pixels and take gigabytes once decoded. Anything this module cannot read with certainty
 * (a cut header, a zero size, an unknown layout) gives null, and the caller refuses the file.
 *
 * Our own reader rather than `image-size` 2.1 (whose buffer API is plain JS, node:fs only in its fromFile
 * entry): it reads only the SOF0–SOF2 frame headers of a JPEG, so a lossless SOF3 frame of any size ahead of a
 * small SOF0 passes it while the decoder uses the first; it gives a GIF's screen but not the size of the frame
 * the decoder allocates; and a VP8X canvas but not the frame inside. The four formats we accept need only a
 * few fixed offsets each.
 */

export type ImageKind = "png" | "jpeg" | "gif" | "webp";

export interface ImageHeader {
  kind: ImageKind;
  width: number;
  height: number;
}

/** Longest side accepted on any upload path, in pixels. */
export const IMAGE_MAX_SIDE = 10_000;
/**
 * Most pixels accepted on any upload path: a decoded picture takes 4 bytes a pixel of the Worker's 128 MB, so
 * 16 megapixels (e.g. 4608×3456, a phone photo) is the ceiling.
 */
export const IMAGE_MAX_PIXELS = 16_000_000;

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** The type by the file's first bytes (never its name or declared type). */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  if (bytes.length >= 8 && ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return "gif";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  return null;
}

/** Width and height from the header, or null when the header is cut short or makes no sense. */
export function readImageHeader(bytes: Uint8Array): ImageHeader | null {
  const kind = sniffImage(bytes);
  if (!kind) return null;
  const size = SIZE_READERS[kind](bytes, new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  if (!size || size.width < 1 || size.height < 1) return null;
  return { kind, ...size };
}

type Size = { width: number; height: number } | null;

const SIZE_READERS: Record<ImageKind, (bytes: Uint8Array, view: DataView) => Size> = {
  /** The first chunk must be a whole IHDR (length 13, then its CRC). */
  png(bytes, view) {
    if (bytes.length < 33 || view.getUint32(8) !== 13 || ascii(bytes, 12, 16) !== "IHDR") return null;
    return { width: view.getUint32(16), height: view.getUint32(20) };
  },

  /** The first frame header (SOF0…SOF15, which the decoder uses), walking the segments before it. */
  jpeg(bytes, view) {
    let at = 2;
    while (at + 4 <= bytes.length) {
      if (bytes[at] !== 0xff) return null;
      const marker = bytes[at + 1];
      if (marker === 0xff) {
        at += 1; // fill byte
        continue;
      }
      // Markers without a length: TEM and RST0–7; SOS or EOI before a frame header means there is none.
      if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
        at += 2;
        continue;
      }
      if (marker === 0xda || marker === 0xd9 || marker === 0xd8) return null;
      const length = view.getUint16(at + 2);
      if (length < 2) return null;
      // SOF0…SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        if (at + 9 > bytes.length || length < 8) return null;
        return { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
      }
      at += 2 + length;
    }
    return null;
  },

  /** The logical screen and the first frame, whichever is larger on each side (the decoder allocates both). */
  gif(bytes, view) {
    if (bytes.length < 13) return null;
    const screen = { width: view.getUint16(6, true), height: view.getUint16(8, true) };
    const flags = bytes[10];
    let at = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
    while (at < bytes.length) {
      const block = bytes[at];
      if (block === 0x2c) {
        if (at + 9 > bytes.length) return null;
        const frame = { width: view.getUint16(at + 5, true), height: view.getUint16(at + 7, true) };
        if (frame.width < 1 || frame.height < 1) return null;
        return { width: Math.max(screen.width, frame.width), height: Math.max(screen.height, frame.height) };
      }
      if (block !== 0x21 || at + 2 >= bytes.length) return null; // a trailer (3B) or garbage before any frame
      at += 2; // extension introducer and label, then data sub-blocks up to an empty one
      while (at < bytes.length && bytes[at] !== 0) at += bytes[at] + 1;
      at += 1;
    }
    return null;
  },

  /**
   * VP8 (lossy) or VP8L (lossless) as the first chunk, or VP8X (extended) with its canvas size, and the size of
   * the still image after it when there is one, whichever is larger on each side.
   */
  webp(bytes, view) {
    const first = webpFrame(bytes, view, 12);
    if (ascii(bytes, 12, 16) !== "VP8X") return first;
    if (bytes.length < 30) return null;
    const u24 = (at: number) => bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16);
    const canvas = { width: 1 + u24(24), height: 1 + u24(27) };
    // Chunks after VP8X: a four-letter name, a little-endian length, the data padded to an even length.
    for (let at = 30; at + 8 <= bytes.length; ) {
      const chunk = ascii(bytes, at, at + 4);
      if (chunk === "VP8 " || chunk === "VP8L") {
        const frame = webpFrame(bytes, view, at);
        if (!frame) return null;
        return { width: Math.max(canvas.width, frame.width), height: Math.max(canvas.height, frame.height) };
      }
      const length = view.getUint32(at + 4, true);
      at += 8 + length + (length & 1);
    }
    return canvas; // an animation: its frames lie inside the canvas
  },
};

/** The size in a VP8 or VP8L chunk that starts at `at` (its four-letter name), or null. */
function webpFrame(bytes: Uint8Array, view: DataView, at: number): Size {
  const chunk = ascii(bytes, at, at + 4);
  const data = at + 8;
  if (chunk === "VP8 ") {
    // Frame tag (3 bytes), start code 9D 01 2A, then 14-bit width and height.
    if (bytes.length < data + 10 || bytes[data + 3] !== 0x9d || bytes[data + 4] !== 0x01 || bytes[data + 5] !== 0x2a) {
      return null;
    }
    return { width: view.getUint16(data + 6, true) & 0x3fff, height: view.getUint16(data + 8, true) & 0x3fff };
  }
  if (chunk === "VP8L") {
    // Signature 2F, then 14 bits of width − 1 and 14 bits of height − 1.
    if (bytes.length < data + 5 || bytes[data] !== 0x2f) return null;
    const bits = view.getUint32(data + 1, true);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
  }
  return null;
}
