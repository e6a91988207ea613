import { type SQL, sql } from "drizzle-orm";
import { santaMedalQuery } from "#workers/core/santa/santa.medal";
import type { MedalRule } from "./medals.schemas";

/**
 * Who qualifies for each automatic medal, as SQL selecting member ids (docs/decisions/0028). Null: the rule is not
 * built yet and the job skips it.
 */
function yearsAgo(now: Date, years: number): number {
  const then = new Date(now);
  then.setUTCFullYear(then.getUTCFullYear() - years);
  return then.getTime();
}

const onSiteFor = (years: number) => (now: Date) =>
  sql`SELECT id FROM users WHERE created_at <= ${yearsAgo(now, years)}`;

const publishedPosts = (atLeast: number) => () =>
  sql`SELECT user_id FROM posts WHERE is_published = 1 GROUP BY user_id HAVING count(*) >= ${atLeast}`;

export const RULE_QUERIES: Record<MedalRule, ((now: Date) => SQL) | null> = {
  years_1: onSiteFor(1),
  years_3: onSiteFor(3),
  years_5: onSiteFor(5),
  first_post: publishedPosts(1),
  posts_100: publishedPosts(100),
  // Paws up on the member's posts, comments, shouts and shout comments, from other members.
  paws_1000: () =>
    sql`SELECT owner_id FROM likes WHERE is_negative = 0 AND user_id <> owner_id GROUP BY owner_id HAVING count(*) >= 1000`,
  // Anybody whose donations ever made them a supporter, or marked one by hand.
  supporter: () => sql`SELECT id FROM users WHERE is_supporter = 1 OR supporter_until IS NOT NULL`,
  // Members who sent a Secret Santa gift (the drawn santa or a backup).
  secret_santa: santaMedalQuery,
};
