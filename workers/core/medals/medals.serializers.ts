import type { MedalRow, UserMedalRow } from "#drizzle/schema";
import { mediaUrl } from "#workers/core/shared/media";
import { MEDAL_SIZES, type MedalRule } from "./medals.schemas";

/** A medal (spec §3 «medals»: fields not listed there; these are ours). `image` null: the medal icon is shown. */
export type MedalItem = {
  id: number;
  name: string;
  description: string;
  image: { small: string; big: string } | null;
  is_automatic: boolean;
  rule: MedalRule | null;
};

/** A medal a member holds: when it was awarded and the admin's note. */
export type UserMedalItem = {
  id: number;
  medal: MedalItem;
  note: string;
  datetime: string;
};

export function medalImage(key: string | null): MedalItem["image"] {
  if (!key) return null;
  return { small: mediaUrl(`${key}-${MEDAL_SIZES.small}.webp`), big: mediaUrl(`${key}-${MEDAL_SIZES.big}.webp`) };
}

export function serializeMedal(row: MedalRow): MedalItem {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    image: medalImage(row.imageKey),
    is_automatic: row.isAutomatic,
    rule: (row.rule as MedalRule | null) ?? null,
  };
}

export function serializeUserMedal(award: UserMedalRow, medal: MedalRow): UserMedalItem {
  return { id: award.id, medal: serializeMedal(medal), note: award.note, datetime: award.createdAt.toISOString() };
}
