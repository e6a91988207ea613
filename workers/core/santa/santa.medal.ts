import { sql } from "drizzle-orm";

/** Members who have sent a Secret Santa gift: the «Тайный Санта» automatic medal's rule (workers/core/medals). */
export const santaMedalQuery = () =>
  sql`SELECT DISTINCT santa_user_id FROM santa_applications WHERE sent_at IS NOT NULL AND santa_user_id IS NOT NULL`;
