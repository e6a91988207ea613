// Moderation demo: a blocked member with a reason and some history, so /admin/users/:id is not empty, and a
// second account seen on the same device (banned), so the fingerprint match shows. Its own two members (never the
// ones the browser tests sign in as). Idempotent: members by name key, sanctions, fingerprints and audit entries
// by fixed ids or keys.
import { usernameSkeleton } from "../workers/core/accounts/confusables.ts";
import { DAY, key, q, user } from "./demo-sql.mjs";
import { hashPassword } from "./password-hash.mjs";

export const DEMO_SANCTIONED = { username: "Буян", email: "buyan@kostyor.local", password: "member-demo-2026" };
const SECOND = { username: "Буян_2", email: "buyan2@kostyor.local", password: "member-demo-2026" };
const FIRST_ID = 2_000_001;
const DEVICE = "5f1d2c3b4a59687766554433221100ff";

function memberSql(u, createdAt, extra) {
  return `INSERT OR IGNORE INTO users (username, username_key, username_skeleton, email, email_key, password_hash, created_at, last_seen_at, ${Object.keys(extra).join(", ")})
VALUES (${q(u.username)}, ${q(key(u.username))}, ${q(usernameSkeleton(key(u.username)))}, ${q(u.email)}, ${q(key(u.email))}, ${q(hashPassword(u.password))}, ${createdAt}, ${createdAt + DAY}, ${Object.values(extra).join(", ")});`;
}

export function demoModerationSql(now) {
  const buyan = user(DEMO_SANCTIONED.username);
  const second = user(SECOND.username);
  const mod = user("Смотритель");
  const admin = user("Хранитель");
  const blockEnds = now + 7 * DAY;
  // [id, whom, who, kind, reason, days, starts, ends, lifted, lifted by]
  const sanctions = [
    [
      FIRST_ID,
      buyan,
      mod,
      "block",
      "Флуд в записках: десять одинаковых сообщений подряд",
      1,
      now - 60 * DAY,
      now - 59 * DAY,
      null,
      null,
    ],
    [
      FIRST_ID + 1,
      buyan,
      mod,
      "block",
      "Оскорбления в комментариях",
      3,
      now - 30 * DAY,
      now - 27 * DAY,
      now - 29 * DAY,
      admin,
    ],
    [
      FIRST_ID + 2,
      buyan,
      mod,
      "block",
      "Снова оскорбления после предупреждения; спойлеры без спойлер-блока",
      7,
      now - 2 * 3_600_000,
      blockEnds,
      null,
      null,
    ],
    [
      FIRST_ID + 3,
      second,
      admin,
      "ban",
      "Второй аккаунт заблокированного участника",
      null,
      now - 20 * DAY,
      null,
      null,
      null,
    ],
  ];
  const out = [
    memberSql(DEMO_SANCTIONED, now - 90 * DAY, { is_fp_required: 1 }),
    memberSql(SECOND, now - 21 * DAY, { is_fp_required: 1 }),
  ];
  for (const [id, whom, who, kind, reason, days, starts, ends, lifted, liftedBy] of sanctions) {
    out.push(`INSERT OR IGNORE INTO sanctions (id, user_id, actor_id, kind, reason, days, starts_at, ends_at, lifted_at, lifted_by_id, created_at)
VALUES (${id}, ${whom}, ${who}, ${q(kind)}, ${q(reason)}, ${days ?? "NULL"}, ${starts}, ${ends ?? "NULL"}, ${lifted ?? "NULL"}, ${liftedBy ?? "NULL"}, ${starts});`);
    out.push(`INSERT OR IGNORE INTO audit_log (id, actor_id, action, target_type, target_id, target_user_id, reason, meta, created_at)
VALUES (${id + 100}, ${who}, ${q(`user.${kind}`)}, 'user', ${whom}, ${whom}, ${q(reason)}, ${q(JSON.stringify({ days }))}, ${starts});`);
    if (lifted) {
      out.push(`INSERT OR IGNORE INTO audit_log (id, actor_id, action, target_type, target_id, target_user_id, reason, meta, created_at)
VALUES (${id + 200}, ${liftedBy}, 'user.activate', 'user', ${whom}, ${whom}, ${q(reason)}, ${q(JSON.stringify({ sanction: id, kind }))}, ${lifted});`);
    }
  }
  // The users rows mirror the active sanction (workers/core/moderation/sanctions.read.ts).
  out.push(
    `UPDATE users SET is_banned = 0, blocked_until = (SELECT ends_at FROM sanctions WHERE id = ${FIRST_ID + 2}) WHERE id = ${buyan};`,
  );
  out.push(`UPDATE users SET is_banned = 1, blocked_until = NULL WHERE id = ${second};`);
  for (const [who, first, last, count] of [
    [buyan, now - 80 * DAY, now - 3_600_000, 41],
    [second, now - 21 * DAY, now - 20 * DAY, 3],
  ]) {
    out.push(`INSERT OR IGNORE INTO user_fingerprints (user_id, hash, first_seen_at, last_seen_at, seen_count)
VALUES (${who}, ${q(DEVICE)}, ${first}, ${last}, ${count});`);
  }
  return out;
}
