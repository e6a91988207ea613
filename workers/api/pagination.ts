import { z } from "zod";

/** Every list endpoint answers `{results, next, previous}`; next/previous are URLs or null (spec §7). */
export interface Page<T> {
  results: T[];
  next: string | null;
  previous: string | null;
}

/** A list that fits in one page (short, bounded lists such as invitations and sessions). */
export function singlePage<T>(results: T[]): Page<T> {
  return { results, next: null, previous: null };
}

export function ZPage<T extends z.ZodType>(item: T) {
  return z.object({ results: z.array(item), next: z.string().nullable(), previous: z.string().nullable() });
}
