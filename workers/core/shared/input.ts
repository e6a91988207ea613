import { AppError } from "#workers/core/errors";
import { cleanText } from "./text";

/**
 * How deeply input may nest (objects and arrays). A post body is the deepest thing we take: every nested
 * block costs two levels (the node and its `content`), a nested list four, so 100 leaves room for lists
 * twenty levels deep while keeping zod's and the renderer's recursion far from the stack's limit.
 */
export const MAX_INPUT_DEPTH = 100;

/** Keys whose strings may hold line breaks and tabs: comments, shouts and the post body's text nodes. */
const MULTILINE_KEYS = new Set(["text"]);

/** Secrets are hashed exactly as typed and never shown: they are left as they are. */
const isSecret = (key: string) => key.toLowerCase().includes("password");

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Whether a value (e.g. a stored post body) nests no deeper than `max` levels of objects and arrays. Iterative
 * and copy-free: for data read back from storage, before recursive code (zod, the renderer) walks it.
 */
export function withinDepth(value: unknown, max = MAX_INPUT_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [node, depth] = item;
    if (node === null || typeof node !== "object") continue;
    if (depth >= max) return false;
    for (const child of Array.isArray(node) ? node : Object.values(node)) stack.push([child, depth + 1]);
  }
  return true;
}

interface Task {
  holder: Record<string, unknown> | unknown[];
  key: string | number;
  value: unknown;
  depth: number;
  field: string;
}

function put(holder: Task["holder"], key: string | number, value: unknown): void {
  // defineProperty: a "__proto__" key stays an own property, as JSON.parse made it.
  Object.defineProperty(holder, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * Every input on its way into a schema (see `parseInput`, and the API's JSON reader): strings cleaned by
 * `cleanText` (one line, except under the keys in MULTILINE_KEYS), entries under unclean keys left out, nesting deeper than
 * MAX_INPUT_DEPTH refused with a 400 before any recursive code sees it. Iterative, so no input can exhaust
 * the stack here. Non-plain objects (files, dates) pass unchanged. Returns a cleaned copy.
 */
export function cleanInput(input: unknown): unknown {
  const root: unknown[] = [];
  const stack: Task[] = [{ holder: root, key: 0, value: input, depth: 0, field: "" }];
  for (let task = stack.pop(); task; task = stack.pop()) {
    const { holder, key, value, depth, field } = task;
    if (typeof value === "string") {
      put(holder, key, isSecret(field) ? value : cleanText(value, MULTILINE_KEYS.has(field)));
    } else if (value === null || typeof value !== "object" || !(Array.isArray(value) || isPlainObject(value))) {
      put(holder, key, value);
    } else if (depth >= MAX_INPUT_DEPTH) {
      throw new AppError("invalid", `Слишком глубокая вложенность данных: не больше ${MAX_INPUT_DEPTH} уровней.`);
    } else if (Array.isArray(value)) {
      const copy: unknown[] = new Array(value.length);
      put(holder, key, copy);
      for (let i = value.length - 1; i >= 0; i -= 1)
        stack.push({ holder: copy, key: i, value: value[i], depth: depth + 1, field });
    } else {
      const copy: Record<string, unknown> = {};
      put(holder, key, copy);
      // Pushed last to first, so the copy gets its keys in the original order. A key that is not clean text
      // names nothing any schema knows: its entry is left out (cleaning it could make it another, real key).
      for (const [name, item] of Object.entries(value).reverse()) {
        if (cleanText(name, false) !== name) continue;
        stack.push({ holder: copy, key: name, value: item, depth: depth + 1, field: name });
      }
    }
  }
  return root[0];
}
