import type { DonationRow, UserRow } from "#drizzle/schema";
import { type PublicUser, serializePublicUser } from "#workers/core/accounts/accounts.serializers";
import { PROVIDER_LABELS, type Provider } from "./donations.schemas";

export const ANONYMOUS = "Аноним";

/** One donation as /donate and GET /v1/donation/ show it: the donor's name or «Аноним», kopecks, a plain message. */
export type DonationItem = {
  id: number;
  name: string;
  /** The member, unless the donation is anonymous or linked to nobody. */
  user: PublicUser | null;
  /** Kopecks. */
  amount: number;
  currency: "RUB";
  message: string;
  datetime: string;
};

/** What admins see besides: the source, the reference and the member even behind «Аноним». */
export type AdminDonationItem = DonationItem & {
  provider: Provider;
  provider_label: string;
  external_id: string | null;
  is_anonymous: boolean;
  member: PublicUser | null;
  supporter_days: number;
};

export function donorName(
  row: Pick<DonationRow, "isAnonymous" | "name">,
  user: Pick<UserRow, "username"> | null,
): string {
  if (row.isAnonymous) return ANONYMOUS;
  return row.name || user?.username || ANONYMOUS;
}

export function serializeDonation(row: DonationRow, user: UserRow | null): DonationItem {
  return {
    id: row.id,
    name: donorName(row, user),
    user: user && !row.isAnonymous ? serializePublicUser(user) : null,
    amount: row.amount,
    currency: "RUB",
    message: row.message,
    datetime: row.donatedAt.toISOString(),
  };
}

export function serializeAdminDonation(row: DonationRow, user: UserRow | null): AdminDonationItem {
  return {
    ...serializeDonation(row, user),
    provider: row.provider,
    provider_label: PROVIDER_LABELS[row.provider],
    external_id: row.externalId,
    is_anonymous: row.isAnonymous,
    member: user ? serializePublicUser(user) : null,
    supporter_days: row.supporterDays,
  };
}
