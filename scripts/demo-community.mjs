// Community demo: roles with their members, open report cases for /admin/moderation and a few audit entries for
// /admin/audit. Idempotent: roles by name key, memberships by their key, cases, reports and entries by fixed ids.
import { HOUR, key, q, user } from "./demo-sql.mjs";
import { findShoutComment, SHOUTS } from "./demo-shouts.mjs";

const ROLES = [
  { name: "Стримеры", color: "#9146ff", joinable: true, mentionable: true, members: ["Лисичка", "Мурка", "Геймер_42"] },
  { name: "Ветераны", color: "#d4a017", joinable: false, mentionable: false, members: ["Хранитель", "Ведьмак", "Северянин"] },
  { name: "Переводчики", color: "#2e9d5b", joinable: true, mentionable: true, members: ["Пиксель", "Странник"] },
];

const role = (name) => `(SELECT id FROM roles WHERE name_key = ${q(key(name))})`;
const FIRST_ID = 1_000_001;

function shoutByText(prefix) {
  const shout = SHOUTS.find((s) => s.text.startsWith(prefix));
  if (!shout) throw new Error(`demo shout «${prefix}» not found`);
  return shout;
}

export function demoCommunitySql(now) {
  const out = [];
  for (const r of ROLES) {
    out.push(`INSERT OR IGNORE INTO roles (name, name_key, color, is_joinable, is_mentionable, created_at)
VALUES (${q(r.name)}, ${q(key(r.name))}, ${q(r.color)}, ${r.joinable ? 1 : 0}, ${r.mentionable ? 1 : 0}, ${now - 90 * 24 * HOUR});`);
    for (const member of r.members) {
      const grantedBy = r.joinable ? "NULL" : user("Хранитель");
      out.push(`INSERT OR IGNORE INTO user_roles (user_id, role_id, granted_by, created_at)
VALUES (${user(member)}, ${role(r.name)}, ${grantedBy}, ${now - 60 * 24 * HOUR});`);
    }
  }
  // users.roles is the copy of user_roles the current user's shape reads (workers/core/roles/roles.cache.ts).
  out.push(`UPDATE users SET roles = (SELECT json_group_array(name) FROM (SELECT r.name AS name FROM user_roles ur
  JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = users.id ORDER BY r.name_key))
WHERE id IN (SELECT user_id FROM user_roles);`);

  const spam = shoutByText("Сегодня вечером марафон спидранов");
  const rude = findShoutComment(1000009);
  const cases = [
    {
      id: FIRST_ID,
      type: "shout",
      target: spam.id,
      author: user(spam.author),
      snapshot: spam.text,
      hours: 20,
      reports: [
        ["Мурка", "spam", ""],
        ["Странник", "other", "Третья такая записка за день, похоже на рекламу канала"],
      ],
    },
    {
      id: FIRST_ID + 1,
      type: "shout_comment",
      target: rude[0],
      author: user(rude[3]),
      snapshot: rude[5],
      hours: 9,
      reports: [["Пиксель", "insult", ""]],
    },
    {
      id: FIRST_ID + 2,
      type: "user",
      target: user("Геймер_42"),
      author: user("Геймер_42"),
      snapshot: "Геймер_42",
      hours: 3,
      reports: [["Лисичка", "other", "В описании профиля ссылка на сомнительный магазин ключей"]],
    },
  ];
  let reportId = FIRST_ID;
  for (const c of cases) {
    const at = now - c.hours * HOUR;
    out.push(`INSERT OR IGNORE INTO report_cases (id, target_type, target_id, target_user_id, snapshot, status, reports_count, created_at, updated_at)
VALUES (${c.id}, ${q(c.type)}, ${c.target}, ${c.author}, ${q(c.snapshot.slice(0, 500))}, 'open', ${c.reports.length}, ${at}, ${at + (c.reports.length - 1) * HOUR});`);
    c.reports.forEach(([who, reason, text], i) => {
      out.push(`INSERT OR IGNORE INTO reports (id, case_id, user_id, target_type, target_id, reason, text, created_at)
VALUES (${reportId}, ${c.id}, ${user(who)}, ${q(c.type)}, ${c.target}, ${q(reason)}, ${q(text)}, ${at + i * HOUR});`);
      reportId += 1;
    });
  }

  const pinned = SHOUTS.find((s) => s.pinned);
  const entries = [
    ["Хранитель", "role.create", "role", role("Стримеры"), null, null, { name: "Стримеры" }, 90 * 24],
    ["Хранитель", "role.create", "role", role("Ветераны"), null, null, { name: "Ветераны" }, 90 * 24],
    ["Хранитель", "role.create", "role", role("Переводчики"), null, null, { name: "Переводчики" }, 90 * 24],
    ["Хранитель", "user.role_grant", "user", user("Ведьмак"), user("Ведьмак"), null, { role: "Ветераны" }, 60 * 24],
    ["Хранитель", "user.mod_grant", "user", user("Смотритель"), user("Смотритель"), null, {}, 50 * 24],
    ["Смотритель", "shout.pin", "shout", pinned.id, user(pinned.author), null, { excerpt: pinned.text.slice(0, 140) }, 149],
    [
      "Смотритель",
      "shout_comment.edit",
      "shout_comment",
      1000009,
      user(rude[3]),
      "Убрал переход на личности",
      { url: `/bonfire/${rude[1]}`, before: rude[5] },
      30,
    ],
    ["Хранитель", "config.update", "config", null, null, null, { changes: { is_paw_down_enabled: [false, true] }, url: "/admin/site" }, 12],
  ];
  entries.forEach(([actor, action, targetType, targetId, targetUser, reason, meta, hours], i) => {
    out.push(`INSERT OR IGNORE INTO audit_log (id, actor_id, action, target_type, target_id, target_user_id, reason, meta, created_at)
VALUES (${FIRST_ID + i}, ${user(actor)}, ${q(action)}, ${q(targetType)}, ${targetId === null ? "NULL" : `CAST(${targetId} AS TEXT)`}, ${targetUser ?? "NULL"}, ${q(reason)}, ${q(JSON.stringify(meta))}, ${now - hours * HOUR});`);
  });
  return out;
}

/** What the seed's summary says about this section. */
export const DEMO_ROLES_COUNT = ROLES.length;
