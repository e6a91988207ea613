// `npm run bench:seed`: builds the benchmark dataset in its own local D1 state (.wrangler/bench-state):
// 10,000 members, 100,000 posts, 1,000,000 comments (one hot post with exactly 1,000), 200,000 shouts (every
// fourth with a picture), 500 tags, paws and bookmarks, 5,000 games of the release calendar. Rows are made inside SQLite with set-based SQL (a counter table, INSERT … SELECT), in chunks of
// about 100k rows per statement, each file run by `wrangler d1 execute --local --persist-to`.
// Usage: npm run bench:seed [-- --persist-to DIR]
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { slugify } from "transliteration";
import { root, run } from "../lib.mjs";
import { hashPassword } from "../password-hash.mjs";
import { calendarBenchSql } from "./calendar.mjs";
import { HOT_POST_ID, MARKER_FILE, MEDIUM_POST_ID, MEMBER, postSlug, readMarker, SIZE, STATE_DIR } from "./dataset.mjs";
import { d1Json } from "./d1.mjs";

const started = Date.now();
const argIndex = process.argv.indexOf("--persist-to");
const state = argIndex > 0 ? path.resolve(process.argv[argIndex + 1]) : STATE_DIR;

// Only a directory that is ours (marked, or the default bench dir, or empty) is wiped and refilled.
if (existsSync(state) && readdirSync(state).length && !readMarker(state) && state !== STATE_DIR) {
  console.error(`✗ ${state} не пуст и не похож на данные бенчмарка — не трогаю. Укажите пустой каталог.`);
  process.exit(1);
}
rmSync(state, { recursive: true, force: true });
mkdirSync(state, { recursive: true });

const sqlDir = path.join(root, ".wrangler", "bench-sql");
rmSync(sqlDir, { recursive: true, force: true });
mkdirSync(sqlDir, { recursive: true });

const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} с`;
const q = (s) => `'${String(s).replaceAll("'", "''")}'`;
const key = (s) => s.normalize("NFC").trim().toLocaleLowerCase("ru").replaceAll("ё", "е");

let fileNo = 0;
function execute(title, statements) {
  const t0 = Date.now();
  fileNo += 1;
  const file = path.join(sqlDir, `${String(fileNo).padStart(2, "0")}.sql`);
  writeFileSync(file, `${statements.map((s) => s.trim().replace(/;?$/, ";")).join("\n")}\n`);
  run("wrangler", ["d1", "execute", "DB", "--local", "--persist-to", state, "--file", file, "--yes"], {
    env: { CI: "true" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  console.log(`  ${title}: ${((Date.now() - t0) / 1000).toFixed(1)} с (всего ${elapsed()})`);
}

console.log(`Набор данных для бенчмарка → ${path.relative(root, state)}`);
run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", state], {
  env: { CI: "true" },
  stdio: ["ignore", "ignore", "inherit"],
});
console.log(`  миграции: ${elapsed()}`);

// ─── time line ─────────────────────────────────────────────────────────────────────────────────────────
// Post i is published (100000 − i) × 10 minutes before the newest, which is an hour old: ~694 days in all.
const NOW = Date.now();
const NEWEST = NOW - 3_600_000;
const STEP = 600_000;
const publishedAt = (idExpr) => `(${NEWEST} - (${SIZE.posts} - (${idExpr})) * ${STEP})`;
// Every 25th post is a draft; the hot post is not.
const isDraft = (idExpr) => `((${idExpr}) % 25 = 0)`;

const TOPICS = ["Обзор", "Впечатления", "Гайд", "Мнение", "Новости", "История", "Разбор", "Подборка"];
const SUBJECTS = [
  "«Ведьмак 3: Дикая охота»",
  "Baldur's Gate 3",
  "Disco Elysium",
  "«Мор. Утопия»",
  "Hollow Knight",
  "Stardew Valley",
  "Elden Ring",
  "«Космические рейнджеры 2»",
  "Heroes of Might and Magic III",
  "Factorio",
  "S.T.A.L.K.E.R. 2",
  "Atomic Heart",
];
const caseOf = (expr, list) => `CASE (${expr}) ${list.map((v, i) => `WHEN ${i} THEN ${q(v)}`).join(" ")} END`;
const PHRASES = [
  "Полностью согласен, особенно про вторую половину.",
  "А мне кажется, автор слишком строг к сюжету.",
  "Спасибо за статью, добавил в закладки!",
  "Прошёл недавно — до сих пор под впечатлением.",
  "Интересно, выйдет ли продолжение?",
  "Музыка там, конечно, лучшая в жанре.",
];

// ─── 1. counter, members, tags ─────────────────────────────────────────────────────────────────────────
const memberHash = hashPassword(MEMBER.password);
const tokenHash = createHash("sha256").update(MEMBER.token).digest("base64url");
const TAG_WORDS = [
  "Игры",
  "RPG",
  "Инди",
  "Ретро",
  "Стратегии",
  "Шутеры",
  "Консоли",
  "Кино",
  "Аниме",
  "Книги",
  "Настолки",
  "Хорроры",
  "Квесты",
  "Платформеры",
  "Симуляторы",
  "Гонки",
  "Файтинги",
  "MMO",
  "Roguelike",
  "Метроидвании",
  "Сериалы",
  "Комиксы",
  "Музыка",
  "Железо",
  "Моддинг",
  "Киберспорт",
  "Speedrun",
  "Косплей",
  "Арт",
  "Разработка",
  "Локализация",
  "Озвучка",
  "Ностальгия",
  "Скидки",
  "Steam",
  "PlayStation",
  "Xbox",
  "Nintendo",
  "Мобильные",
  "VR",
  "Фэнтези",
  "Фантастика",
  "Постапокалипсис",
  "Выживание",
  "Песочницы",
  "Головоломки",
  "Визуальные новеллы",
  "Тактика",
  "Стелс",
  "Юмор",
];
const TAG_KINDS = ["", "новости", "обзоры", "гайды", "мемы", "арт", "моды", "история", "музыка", "мнения"];
const tagNames = TAG_KINDS.flatMap((kind) => TAG_WORDS.map((word) => (kind ? `${word}: ${kind}` : word))).slice(
  0,
  SIZE.tags,
);
const slugs = new Set();
const tagRows = tagNames.map((name, i) => {
  const base = slugify(name, { lowercase: true, separator: "-" }).slice(0, 60).replace(/-+$/, "") || "tag";
  let slug = base;
  for (let n = 2; slugs.has(slug); n += 1) slug = `${base}-${n}`;
  slugs.add(slug);
  return `(${i + 1}, ${q(slug)}, ${q(name)}, ${q(key(name))}, 0, ${NOW - 800 * 86_400_000 + i * 60_000})`;
});

execute("счётчик, участники, теги", [
  "CREATE TABLE bench_n (k INTEGER PRIMARY KEY)",
  `INSERT INTO bench_n (k) WITH RECURSIVE c(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM c WHERE k + 1 < ${SIZE.posts}) SELECT k FROM c`,
  `INSERT INTO users (id, username, username_key, email, email_key, password_hash, theme, created_at, last_seen_at)
   VALUES (${MEMBER.id}, ${q(MEMBER.username)}, ${q(key(MEMBER.username))}, ${q(MEMBER.email)}, ${q(key(MEMBER.email))}, ${q(memberHash)}, 'darkorange', ${NOW - 900 * 86_400_000}, ${NOW})`,
  // The other members cannot sign in (no valid hash): the bench needs only one member with a password.
  `INSERT INTO users (id, username, username_key, email, email_key, password_hash, theme, is_supporter, created_at, last_seen_at)
   SELECT k + 1, 'Участник_' || (k + 1), 'участник_' || (k + 1), 'member' || (k + 1) || '@bench.local', 'member' || (k + 1) || '@bench.local',
          '!', CASE WHEN k % 7 = 0 THEN 'lightside' ELSE 'darkorange' END, (k % 50 = 0),
          ${NOW} - (${SIZE.users} - k) * 10800000, ${NOW} - k * 60000
   FROM bench_n WHERE k >= 1 AND k < ${SIZE.users}`,
  `INSERT INTO sessions (id, user_id, created_at, last_used_at, expires_at, user_agent, ip)
   VALUES (${q(tokenHash)}, ${MEMBER.id}, ${NOW}, ${NOW}, ${NOW + 180 * 86_400_000}, 'bench', '127.0.0.1')`,
  `INSERT INTO tags (id, slug, name, name_key, posts_count, created_at) VALUES\n${tagRows.join(",\n")}`,
]);

// ─── 2. posts (100k in one statement), their tags, pins ────────────────────────────────────────────────
const id = "(k + 1)";
execute("статьи, теги статей", [
  `INSERT INTO posts (id, slug, user_id, title, headline, body, is_published, is_pinned, pinned_at, comments_count, pwnd, created_at, updated_at, published_at)
   SELECT ${id}, 'bench-' || ${id}, (${id} * 7919) % ${SIZE.users} + 1,
          ${caseOf(`${id} % ${TOPICS.length}`, TOPICS)} || ': ' || ${caseOf(`(${id} / ${TOPICS.length}) % ${SUBJECTS.length}`, SUBJECTS)} || ', заметка №' || ${id},
          'Короткое вступление к статье №' || ${id} || ': о чём она и почему стоит прочитать.',
          json_object('type', 'doc', 'content', json_array(
            json_object('type', 'heading', 'attrs', json_object('level', 2), 'content', json_array(json_object('type', 'text', 'text', 'Вступление'))),
            json_object('type', 'paragraph', 'content', json_array(json_object('type', 'text', 'text',
              'Это статья №' || ${id} || ' из набора данных для бенчмарка. Здесь несколько предложений текста, чтобы страница была похожа на настоящую: '
              || 'автор делится впечатлениями, сравнивает с другими играми и советует, с чего начать.'))),
            json_object('type', 'paragraph', 'content', json_array(
              json_object('type', 'text', 'text', 'Главное: '),
              json_object('type', 'text', 'text', 'не спешите', 'marks', json_array(json_object('type', 'bold'))),
              json_object('type', 'text', 'text', ' и читайте комментарии.'))))),
          NOT ${isDraft(id)}, 0, NULL, 0, 0,
          ${publishedAt(id)} - 3600000, ${publishedAt(id)}, CASE WHEN ${isDraft(id)} THEN NULL ELSE ${publishedAt(id)} END
   FROM bench_n`,
  // 0–3 tags a post (distinct: 97·j mod 500 differs for j < 4).
  `INSERT INTO post_tags (post_id, tag_id, position)
   SELECT p.k + 1, ((p.k + 1) * 31 + j.k * 97) % ${SIZE.tags} + 1, j.k FROM bench_n p JOIN bench_n j ON j.k < (p.k + 1) % 4`,
  // The same definition as workers/core/tags/tags.write.ts recountStatement (published posts only).
  `UPDATE tags SET posts_count = (SELECT count(*) FROM post_tags pt JOIN posts p ON p.id = pt.post_id WHERE pt.tag_id = tags.id AND p.is_published = 1)`,
  `UPDATE posts SET is_pinned = 1, pinned_at = ${NOW} - (${SIZE.posts} - id) * 1000 WHERE id IN (99990, 99001, 98001) AND is_published = 1`,
]);

// ─── 3. comments ───────────────────────────────────────────────────────────────────────────────────────
// How many comments each published post gets: the hot post exactly SIZE.hotComments, the medium one exactly
// SIZE.mediumComments; the others share the rest in proportion to a pseudo-random weight 0–40 (rounded on the running sum, so the total is exact).
// Ids are consecutive per post (start + 1 … start + n).
const REST = SIZE.comments - SIZE.hotComments - SIZE.mediumComments;
execute("распределение комментариев", [
  "CREATE TABLE bench_cc (post_id INTEGER PRIMARY KEY, n INTEGER NOT NULL, start INTEGER NOT NULL DEFAULT 0)",
  `INSERT INTO bench_cc (post_id, n)
   WITH w AS (SELECT id, (id * 2654435761) % 41 AS w FROM posts WHERE is_published = 1 AND id NOT IN (${HOT_POST_ID}, ${MEDIUM_POST_ID})),
        c AS (SELECT id, w, sum(w) OVER (ORDER BY id ROWS UNBOUNDED PRECEDING) AS cw FROM w),
        t AS (SELECT sum(w) AS total FROM w)
   SELECT id, (cw * ${REST}) / total - ((cw - w) * ${REST}) / total FROM c, t`,
  `INSERT INTO bench_cc (post_id, n) VALUES (${HOT_POST_ID}, ${SIZE.hotComments}), (${MEDIUM_POST_ID}, ${SIZE.mediumComments})`,
  `UPDATE bench_cc SET start = s.start FROM (SELECT post_id, sum(n) OVER (ORDER BY post_id ROWS UNBOUNDED PRECEDING) - n AS start FROM bench_cc) s
   WHERE bench_cc.post_id = s.post_id`,
  "UPDATE posts SET comments_count = (SELECT n FROM bench_cc WHERE post_id = posts.id) WHERE id IN (SELECT post_id FROM bench_cc)",
]);

// Threads come in groups of eight comments (r = position in the group, g = id of the group's first):
//   r0 top level · r1→r0 · r2→r1 · r3→r2 · r4→r3 (depth 5) · r5→r0 · r6→r0 · r7→r6.
// `path` is the ancestors' ids and the comment's own, each printf('%010d') (see comments.ts pathSegment).
const seg = (offset) => `printf('%010d', g + ${offset})`;
const PARENT = ["NULL", "id - 1", "id - 1", "id - 1", "id - 1", "g", "g", "id - 1"];
const DEPTH = [1, 2, 3, 4, 5, 2, 2, 3];
const PATH = [[0], [0, 1], [0, 1, 2], [0, 1, 2, 3], [0, 1, 2, 3, 4], [0, 5], [0, 6], [0, 6, 7]].map((offsets) =>
  offsets.map(seg).join(" || "),
);
const byR = (list) => `CASE r ${list.map((v, i) => `WHEN ${i} THEN ${v}`).join(" ")} END`;
const CHUNK = 100_000;
for (let from = 0; from < SIZE.comments; from += CHUNK) {
  execute(`комментарии ${from / 1000}k–${(from + CHUNK) / 1000}k`, [
    `INSERT INTO comments (id, post_id, user_id, parent_id, depth, path, text, pwnd, is_deleted, created_at, updated_at)
     SELECT id, post_id, (id * 48271) % ${SIZE.users} + 1, ${byR(PARENT)}, ${byR(DEPTH)}, ${byR(PATH)},
            ${caseOf("id % 6", PHRASES)} || ' (комментарий №' || id || ')', 0, 0, at, at
     FROM (SELECT cc.start + c.k + 1 AS id, c.k % 8 AS r, cc.start + c.k + 1 - c.k % 8 AS g, cc.post_id,
                  p.published_at + (c.k + 1) * 60000 AS at
           FROM bench_cc cc JOIN posts p ON p.id = cc.post_id JOIN bench_n c ON c.k < cc.n
           WHERE cc.start >= ${from} AND cc.start < ${from + CHUNK})`,
  ]);
}

// ─── 4. paws and bookmarks; scores recounted from the rows ─────────────────────────────────────────────
// Post i gets (13·i mod 9) paws from distinct members (3331 is coprime with 10000); every sixth is a paw down.
const pawFrom = (item, j) => `((${item}) * 7919 + (${j}) * 3331) % ${SIZE.users} + 1`;
execute("лапки статей, закладки", [
  `INSERT INTO likes (user_id, item_type, item_id, owner_id, is_negative, created_at)
   SELECT ${pawFrom("p.id", "j.k")}, 'post', p.id, p.user_id, (p.id + j.k) % 6 = 0, p.published_at + (j.k + 1) * 120000
   FROM posts p JOIN bench_n j ON j.k < (p.id * 13) % 9 WHERE p.is_published = 1`,
  // The bench member's paws on the newest 30 published posts (and, below, on the hot post's first 200 comments).
  `INSERT OR IGNORE INTO likes (user_id, item_type, item_id, owner_id, is_negative, created_at)
   SELECT ${MEMBER.id}, 'post', id, user_id, id % 5 = 0, ${NOW} FROM posts WHERE is_published = 1 ORDER BY id DESC LIMIT 30`,
  // Ten bookmarks a member, of published posts only.
  `INSERT OR IGNORE INTO bookmarks (user_id, item_type, item_id, created_at)
   SELECT u.k + 1, 'post', p.id, ${NOW} - u.k * 1000 - j.k
   FROM bench_n u JOIN bench_n j ON j.k < 10 JOIN posts p ON p.id = ((u.k + 1) * 7919 + j.k * 4729) % ${SIZE.posts} + 1
   WHERE u.k < ${SIZE.users} AND p.is_published = 1`,
  `INSERT OR IGNORE INTO bookmarks (user_id, item_type, item_id, created_at)
   SELECT ${MEMBER.id}, 'post', id, ${NOW} FROM posts WHERE is_published = 1 ORDER BY id DESC LIMIT 10`,
]);

// Every fourth comment gets 0–2 paws (more on the hot post: 0–7).
for (let from = 0; from < SIZE.comments; from += 500_000) {
  execute(`лапки комментариев ${from / 1000}k–${(from + 500_000) / 1000}k`, [
    `INSERT OR IGNORE INTO likes (user_id, item_type, item_id, owner_id, is_negative, created_at)
     SELECT ${pawFrom("c.id", "j.k")}, 'comment', c.id, c.user_id, (c.id + j.k) % 5 = 0, c.created_at + (j.k + 1) * 60000
     FROM comments c JOIN bench_n j ON j.k < CASE WHEN c.post_id = ${HOT_POST_ID} THEN c.id % 8 ELSE (c.id / 4) % 3 END
     WHERE c.id > ${from} AND c.id <= ${from + 500_000} AND (c.id % 4 = 0 OR c.post_id = ${HOT_POST_ID})`,
  ]);
}

// ─── 4b. shouts: 200k in two statements (the counter has 100k rows), every fourth with a picture ───────
// Shout i is (200000 − i) × 3 minutes older than the newest (an hour old): ~417 days in all.
const shoutAt = (idExpr) => `(${NEWEST} - (${SIZE.shouts} - (${idExpr})) * 180000)`;
for (const offset of [0, 100_000]) {
  const sid = `(k + 1 + ${offset})`;
  execute(`записки ${offset / 1000}k–${(offset + 100_000) / 1000}k`, [
    `INSERT INTO shouts (id, user_id, text, is_media_hidden, is_pinned, is_muted, is_frozen, comments_count, views_count, pwnd, created_at, updated_at)
     SELECT ${sid}, (${sid} * 4733) % ${SIZE.users} + 1,
            ${caseOf(`${sid} % ${PHRASES.length}`, PHRASES)} || ' Записка №' || ${sid} || '.',
            0, 0, ${sid} % 97 = 0, 0, 0, (${sid} * 13) % 200, 0, ${shoutAt(sid)}, ${shoutAt(sid)}
     FROM bench_n`,
    `INSERT INTO shout_media (shout_id, user_id, position, is_video, key, width, height, caption, created_at)
     SELECT ${sid}, (${sid} * 4733) % ${SIZE.users} + 1, 0, 0, 'shouts/bench/' || ${sid}, 1280, 720, '', ${shoutAt(sid)}
     FROM bench_n WHERE ${sid} % 4 = 0`,
  ]);
}
execute("закреплённые записки", [
  `UPDATE shouts SET is_pinned = 1, pinned_at = ${NOW} WHERE id IN (${SIZE.shouts}, ${SIZE.shouts - 10}) AND is_muted = 0`,
]);

execute("игры календаря", calendarBenchSql(NOW));

execute("счёт лапок, уборка", [
  `INSERT OR IGNORE INTO likes (user_id, item_type, item_id, owner_id, is_negative, created_at)
   SELECT ${MEMBER.id}, 'comment', id, user_id, id % 7 = 0, ${NOW} FROM comments WHERE post_id = ${HOT_POST_ID} ORDER BY path LIMIT 200`,
  `UPDATE posts SET pwnd = t.s FROM (SELECT item_id, sum(CASE WHEN is_negative THEN -1 ELSE 1 END) AS s FROM likes WHERE item_type = 'post' GROUP BY item_id) t
   WHERE posts.id = t.item_id`,
  `UPDATE comments SET pwnd = t.s FROM (SELECT item_id, sum(CASE WHEN is_negative THEN -1 ELSE 1 END) AS s FROM likes WHERE item_type = 'comment' GROUP BY item_id) t
   WHERE comments.id = t.item_id`,
  "DROP TABLE bench_cc",
  "DROP TABLE bench_n",
]);

// ─── 5. check what was written ─────────────────────────────────────────────────────────────────────────
const [check] = d1Json(
  state,
  `
  SELECT
    (SELECT count(*) FROM users) AS users,
    (SELECT count(*) FROM posts) AS posts,
    (SELECT count(*) FROM posts WHERE is_published = 1) AS published,
    (SELECT count(*) FROM comments) AS comments,
    (SELECT count(*) FROM comments WHERE post_id = ${HOT_POST_ID}) AS hot_comments,
    (SELECT count(*) FROM comments WHERE post_id = ${MEDIUM_POST_ID}) AS medium_comments,
    (SELECT max(depth) FROM comments) AS max_depth,
    (SELECT count(*) FROM tags) AS tags,
    (SELECT count(*) FROM post_tags) AS post_tags,
    (SELECT count(*) FROM likes) AS paws,
    (SELECT count(*) FROM bookmarks) AS bookmarks,
    (SELECT count(*) FROM shouts) AS shouts,
    (SELECT count(*) FROM shout_media) AS shout_pictures,
    (SELECT count(*) FROM games) AS games,
    (SELECT count(*) FROM posts p WHERE comments_count <> (SELECT count(*) FROM comments c WHERE c.post_id = p.id)) AS bad_comment_counts,
    (SELECT count(*) FROM posts p WHERE pwnd <> (SELECT coalesce(sum(CASE WHEN is_negative THEN -1 ELSE 1 END), 0) FROM likes l WHERE l.item_type = 'post' AND l.item_id = p.id)) AS bad_post_pwnd,
    (SELECT count(*) FROM comments c WHERE pwnd <> (SELECT coalesce(sum(CASE WHEN is_negative THEN -1 ELSE 1 END), 0) FROM likes l WHERE l.item_type = 'comment' AND l.item_id = c.id)) AS bad_comment_pwnd,
    (SELECT count(*) FROM tags t WHERE posts_count <> (SELECT count(*) FROM post_tags pt JOIN posts p ON p.id = pt.post_id WHERE pt.tag_id = t.id AND p.is_published = 1)) AS bad_tag_counts,
    (SELECT count(*) FROM comments c JOIN comments par ON par.id = c.parent_id
      WHERE c.depth <> par.depth + 1 OR c.path <> par.path || printf('%010d', c.id) OR c.post_id <> par.post_id) AS bad_replies,
    (SELECT count(*) FROM comments WHERE parent_id IS NULL AND (depth <> 1 OR path <> printf('%010d', id))) AS bad_roots`,
);
console.log("  проверка:", JSON.stringify(check));
const problems = [
  "bad_comment_counts",
  "bad_post_pwnd",
  "bad_comment_pwnd",
  "bad_tag_counts",
  "bad_replies",
  "bad_roots",
].filter((k) => check[k] !== 0);
if (
  check.users !== SIZE.users ||
  check.posts !== SIZE.posts ||
  check.comments !== SIZE.comments ||
  check.hot_comments !== SIZE.hotComments ||
  check.shouts !== SIZE.shouts ||
  check.games !== SIZE.games ||
  check.max_depth > 5
) {
  problems.push("sizes");
}
if (problems.length) {
  console.error(`✗ Набор данных не сошёлся: ${problems.join(", ")}`);
  process.exit(1);
}

const seconds = (Date.now() - started) / 1000;
writeFileSync(
  path.join(state, MARKER_FILE),
  `${JSON.stringify({ createdAt: new Date(NOW).toISOString(), seconds, hotPost: postSlug(HOT_POST_ID), mediumPost: postSlug(MEDIUM_POST_ID), ...check }, null, 2)}\n`,
);
rmSync(sqlDir, { recursive: true, force: true });
console.log(
  `✓ Набор данных готов за ${Math.floor(seconds / 60)} мин ${Math.round(seconds % 60)} с (${seconds.toFixed(1)} с).`,
);
