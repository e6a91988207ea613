import type { TPostBody } from "#workers/core/posts/body.schemas";

export interface UploadedImage {
  /** Where the image is served from: must be under /media/. */
  url: string;
  width: number;
  height: number;
}

export interface PostEditorProps {
  /** The body to start from (read once, on mount). */
  initialBody: TPostBody;
  /** Called after every change with a body that passes ZPostBody (never with an invalid one). */
  onChange(body: TPostBody): void;
  /** Uploads an image file; rejects with an Error whose message is shown to the author. */
  uploadImage(file: File): Promise<UploadedImage>;
  /** Optional: disables editing (e.g. while the post is being published). */
  readOnly?: boolean;
}
