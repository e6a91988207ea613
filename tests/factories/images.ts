/** Tiny real images for upload tests (6×4 RGB gradient), and helpers to wrap bytes in a multipart form. */
export const PNG_6X4 = base64(
  "iVBORw0KGgoAAAANSUhEUgAAAAYAAAAECAIAAAAiZtkUAAAAN0lEQVR4nAXBgQAAMAzEwOAU4iGK8ziDKESwdgc4uFh8KEKcuLHxRSPUqVtbX7XCOeeePd/p+QG+ICSRjfsSsAAAAABJRU5ErkJggg==",
);

export const JPEG_6X4 = base64(
  "/9j/4AAQSkZJRgABAgAAAQABAAD/wAARCAAEAAYDAREAAhEBAxEB/9sAQwAGBAUGBQQGBgUGBwcGCAoQCgoJCQoUDg8MEBcUGBgXFBYWGh0lHxobIxwWFiAsICMmJykqKRkfLTAtKDAlKCko/9sAQwEHBwcKCAoTCgoTKBoWGigoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgo/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwC/4U8GaL9m/wCPbt6ivpsdmuJ5viOPhbOsX7H4uh//2Q==",
);

/** The PNG signature followed by garbage: passes the type sniff, fails decoding. */
export const CORRUPT_PNG = new Uint8Array([
  0x89,
  0x50,
  0x4e,
  0x47,
  0x0d,
  0x0a,
  0x1a,
  0x0a,
  ...Array.from({ length: 200 }, (_, i) => (i * 37) % 256),
]);

/** A 6×4 lossless WebP (VP8L), as photon encodes it. */
export const WEBP_6X4 = base64(
  "UklGRpgAAABXRUJQVlA4TIwAAAAvBcAAEM1VICICHggkAAAAAAAAAAAQAAAAAAAAAAAAADAAAAAAAAAAAAIAAAAAAAAAACAYAOCBBAAAAAAAnH8AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAgAAgAcSAAAAAABw/gEAACAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAkTySAw==",
);

// ─── image bombs: small files whose headers declare huge pictures ─────────────────────────────────────

const ascii = (s: string) => Array.from(s, (c) => c.charCodeAt(0));

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 as PNG chunks carry it. */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** PNG_6X4 with its IHDR declaring another size (and a valid CRC); the pixel data stays that of 6×4. */
export function pngDeclaring(width: number, height: number): Uint8Array {
  const out = PNG_6X4.slice();
  const view = new DataView(out.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  view.setUint32(29, crc32(out.subarray(12, 29)));
  return out;
}

/**
 * A real decompression bomb: a grey-scale PNG of `width`×`height` zero pixels, deflated (20000×20000 is
 * about 390 KB of file and 400 MB of pixels, 1.6 GB once decoded to RGBA).
 */
export async function pngBomb(width: number, height: number): Promise<Uint8Array> {
  const stream = new CompressionStream("deflate");
  const writer = stream.writable.getWriter();
  const compressed = new Response(stream.readable).arrayBuffer();
  const rows = new Uint8Array((width + 1) * Math.max(1, Math.floor((1 << 20) / (width + 1)))); // filter byte 0 + zeros
  const rowsPerChunk = rows.length / (width + 1);
  for (let y = 0; y < height; y += rowsPerChunk) {
    await writer.write(rows.subarray(0, Math.min(rowsPerChunk, height - y) * (width + 1)));
  }
  await writer.close();
  const idat = new Uint8Array(await compressed);
  const chunk = (type: string, data: Uint8Array) => {
    const body = new Uint8Array([...ascii(type), ...data]);
    const out = new Uint8Array(12 + data.length);
    const view = new DataView(out.buffer);
    view.setUint32(0, data.length);
    out.set(body, 4);
    view.setUint32(8 + data.length, crc32(body));
    return out;
  };
  const ihdr = new Uint8Array(13);
  new DataView(ihdr.buffer).setUint32(0, width);
  new DataView(ihdr.buffer).setUint32(4, height);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit grey, deflate, no interlace
  const parts = [PNG_6X4.subarray(0, 8), chunk("IHDR", ihdr), chunk("IDAT", idat), chunk("IEND", new Uint8Array())];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Where JPEG_6X4's frame header (its FF C0 marker) starts. */
export const JPEG_SOF_AT = JPEG_6X4.findIndex((b, i) => b === 0xff && JPEG_6X4[i + 1] === 0xc0);

/** JPEG_6X4 with its frame header declaring another size, optionally as another SOFn (e.g. 0xc3, lossless). */
export function jpegDeclaring(width: number, height: number, marker = 0xc0): Uint8Array {
  const out = JPEG_6X4.slice();
  const view = new DataView(out.buffer);
  out[JPEG_SOF_AT + 1] = marker;
  view.setUint16(JPEG_SOF_AT + 5, height);
  view.setUint16(JPEG_SOF_AT + 7, width);
  return out;
}

const le16 = (n: number) => [n & 0xff, (n >> 8) & 0xff];
const le24 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff];
const le32 = (n: number) => [...le16(n & 0xffff), ...le16(n >>> 16)];

/** A GIF with a two-colour palette and one frame; the frame may declare another size than the screen. */
export function gifDeclaring(width: number, height: number, frame = { width, height }): Uint8Array {
  return new Uint8Array([
    ...ascii("GIF89a"),
    ...le16(width),
    ...le16(height),
    0x80, // a global colour table of 2 entries
    0,
    0,
    ...[0, 0, 0, 255, 255, 255],
    0x2c, // image descriptor
    ...le16(0),
    ...le16(0),
    ...le16(frame.width),
    ...le16(frame.height),
    0,
    ...[2, 2, 0x44, 0x01, 0], // LZW code size, one sub-block of data, terminator
    0x3b,
  ]);
}

/** A 1×1 GIF. */
export const GIF_1X1 = gifDeclaring(1, 1);

function riff(chunks: number[]): Uint8Array {
  return new Uint8Array([...ascii("RIFF"), ...le32(4 + chunks.length), ...ascii("WEBP"), ...chunks]);
}

/** An extended WebP (VP8X) whose canvas declares the size, followed by WEBP_6X4's 6×4 VP8L image. */
export function webpDeclaring(width: number, height: number): Uint8Array {
  const vp8x = [...ascii("VP8X"), ...le32(10), 0, 0, 0, 0, ...le24(width - 1), ...le24(height - 1)];
  return riff([...vp8x, ...WEBP_6X4.subarray(12)]);
}

/** WEBP_6X4 with its lossless (VP8L) header declaring another size (at most 16384 a side). */
export function webpLosslessDeclaring(width: number, height: number): Uint8Array {
  const out = WEBP_6X4.slice();
  const view = new DataView(out.buffer);
  const bits = view.getUint32(21, true);
  view.setUint32(21, ((bits & 0xf0000000) | (width - 1) | ((height - 1) << 14)) >>> 0, true);
  return out;
}

/** A lossy WebP (VP8) key-frame header declaring the size (at most 16383 a side), with no image data after it. */
export function webpLossyDeclaring(width: number, height: number): Uint8Array {
  const frame = [0x10, 0x02, 0x00, 0x9d, 0x01, 0x2a, ...le16(width), ...le16(height), ...new Array(20).fill(0)];
  return riff([...ascii("VP8 "), ...le32(frame.length), ...frame]);
}

export function base64(value: string): Uint8Array {
  return Uint8Array.from(atob(value), (c) => c.charCodeAt(0));
}

export function fileForm(bytes: Uint8Array, name = "picture.png", type = "image/png", field = "file"): FormData {
  const form = new FormData();
  form.append(field, new File([new Uint8Array(bytes)], name, { type }));
  return form;
}

export function isWebp(bytes: Uint8Array): boolean {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));
  return ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP";
}
