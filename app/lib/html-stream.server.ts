import type { ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server.bun";

/**
 * Server rendering into a web ReadableStream at the cost of the render alone (docs/decisions/0040-render-cpu.md).
 *
 * React's stream builds differ only in how they write. The `workerd` (edge) build encodes every string it writes
 * (each tag, attribute and text) into its own Uint8Array; the Node build copies each into a 4 KB view with
 * `TextEncoder.encodeInto` — tens of thousands of calls into the runtime per page. The Bun build hands the strings
 * to its destination as they are: here they are collected and encoded once per flush (one `join` and one `encode`
 * for the shell, one for each later chunk). Everything else — the HTML, Suspense, streaming, the nonce, the
 * bootstrap script — is the same renderer. (vite.config.ts also gives that build a cheap byte count: see
 * `reactServerByteCount`.)
 */
export interface HtmlStream extends ReadableStream<Uint8Array> {
  /** Settles when everything, Suspense boundaries included, has been rendered. */
  allReady: Promise<void>;
}

interface RenderOptions {
  nonce?: string;
  bootstrapScriptContent?: string;
  signal?: AbortSignal;
  onError?: (error: unknown) => void;
}

/** The few Writable methods React's Bun build calls on its destination. */
interface Destination {
  write(chunk: string): boolean;
  flush(): void;
  end(): void;
  destroy(error: unknown): void;
  on(event: string, handler: () => void): Destination;
}

/** Resolves with the stream once the shell is rendered (as `renderToReadableStream` does); rejects if it fails. */
export function renderHtmlStream(children: ReactNode, options: RenderOptions = {}): Promise<HtmlStream> {
  return new Promise((resolve, reject) => {
    const encoder = new TextEncoder();
    let parts: string[] = [];
    let open = true;
    let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
    const onClose: Array<() => void> = [];
    let markAllReady: () => void = () => {};
    let failAllReady: (error: unknown) => void = () => {};
    const allReady = new Promise<void>((done, fail) => {
      markAllReady = done;
      failAllReady = fail;
    });
    // Nobody has to wait for it, so a failure must not be reported as unhandled.
    allReady.catch(() => {});

    let piped = false;
    let pipe: (() => void) | undefined;
    // As React's own `renderToReadableStream`: nothing is written until the response is read (high-water mark 0),
    // so a Suspense boundary that resolves in the meantime (React Router's data transfer) is written in place
    // instead of as a fallback and a later swap.
    const stream = new ReadableStream<Uint8Array>(
      {
        start(c) {
          controller = c;
        },
        pull() {
          if (piped || !pipe) return;
          piped = true;
          pipe();
        },
        // The client went away: React stops rendering (the "close" handler aborts the request).
        cancel() {
          open = false;
          for (const handler of onClose) handler();
        },
      },
      { highWaterMark: 0 },
    );
    const destination: Destination = {
      write(chunk) {
        parts.push(chunk);
        return true;
      },
      flush() {
        if (!parts.length) return;
        const text = parts.length === 1 ? parts[0] : parts.join("");
        parts = [];
        if (open) controller?.enqueue(encoder.encode(text));
      },
      end() {
        destination.flush();
        if (open) controller?.close();
        open = false;
      },
      destroy(error) {
        if (open) controller?.error(error);
        open = false;
      },
      on(event, handler) {
        if (event === "close") onClose.push(handler);
        return destination;
      },
    };

    const rendering = renderToPipeableStream(children, {
      nonce: options.nonce,
      bootstrapScriptContent: options.bootstrapScriptContent,
      onShellReady() {
        pipe = () => rendering.pipe(destination as unknown as NodeJS.WritableStream);
        resolve(Object.assign(stream, { allReady }));
      },
      onShellError(error) {
        failAllReady(error);
        reject(error);
      },
      onAllReady() {
        markAllReady();
      },
      onError(error) {
        options.onError?.(error);
      },
    });
    const { signal } = options;
    if (signal) {
      if (signal.aborted) rendering.abort(signal.reason);
      else signal.addEventListener("abort", () => rendering.abort(signal.reason), { once: true });
    }
  });
}
