// Demo shouts for the bonfire (docs/decisions/0018-shouts.md): shouts of the demo members over the last week with
// #tags, @mentions, pictures (scripts/demo-pictures.mjs), video links, a pinned one, one with its pictures under a
// spoiler; comments with replies, paws and views. Idempotent SQL: fixed ids in a reserved range (INSERT OR IGNORE),
// counters recomputed from the rows. Pictures live in R2 under `shouts/<member id>/demo-<picture>` (.webp and
// -thumb.webp), the keys computed in SQL from the member's id; scripts/demo-load.mjs puts the objects.
import { createHash } from "node:crypto";
import { pictureSize } from "./demo-pictures.mjs";
import { DAY, HOUR, MINUTE, key, q, tagSql, user } from "./demo-sql.mjs";

/** Shout ids 1000001… and shout comment ids 1000001… are the demo's. */
export const FIRST_SHOUT_ID = 1_000_001;
export const LAST_SHOUT_ID = 1_000_999;

/**
 * The shouts, oldest first (ids follow this order): author, hours ago, text, pictures [name, caption], video
 * links, the members who pawed it, how many views it has, and pinned/media hidden.
 */
const SHOUT_LIST = [
  {
    author: "Хранитель",
    hours: 150,
    text: "Добро пожаловать к Костру! 🔥 Здесь можно коротко: скриншот, мысль, находка, вопрос. Для длинного — статьи.\nПравила простые: уважаем друг друга, спойлеры прячем под «Скрыть медиа». Подкидывайте дрова! #костёр",
    pictures: [["campfire", "Наш костёр. Садитесь поближе"]],
    pinned: true,
    paws: ["Лисичка", "Ведьмак", "Северянин", "Пиксель", "Мурка", "Странник", "Смотритель", "Геймер_42"],
    views: 64,
  },
  {
    author: "Ведьмак",
    hours: 138,
    text: "Туссент на закате — до сих пор лучший вид в серии. Без модов на графику, только немного ReShade. #ведьмак #скриншоты",
    pictures: [
      ["toussaint-castle", "Боклер с холма"],
      ["toussaint-vines", "Виноградники у Корво Бьянко"],
    ],
    paws: ["Лисичка", "Северянин", "Хранитель", "Мурка"],
    views: 41,
  },
  {
    author: "Пиксель",
    hours: 130,
    text: "Собрал наконец новую машинку! Кабель-менеджмент занял больше времени, чем вся остальная сборка 😅 #железо",
    pictures: [
      ["setup", "Общий вид: стол, монитор и та самая коробка"],
      ["case-inside", "RGB отключается. Честно"],
      ["cables", "Кабели сзади. Не смотрите"],
    ],
    paws: ["Хранитель", "Геймер_42", "Странник"],
    views: 37,
  },
  {
    author: "Лисичка",
    hours: 122,
    text: "Кто во что играет на выходных? Я наконец добралась до рогалика про кота-алхимика — @Пиксель, спасибо за наводку! #инди",
    paws: ["Пиксель", "Мурка"],
    views: 22,
  },
  {
    author: "Северянин",
    hours: 112,
    text: "Северное сияние сегодня было прямо как в Skyrim. Телефон не справился, так что нарисовал по памяти 🙂 #скриншоты",
    pictures: [["aurora", "Вид с крыльца, −27°"]],
    paws: ["Лисичка", "Хранитель", "Ведьмак", "Пиксель", "Странник"],
    views: 48,
  },
  {
    author: "Геймер_42",
    hours: 104,
    text: "Третий вечер на Безымянного короля. Ноль из сорока семи. Кто проходил — дайте совет, только без «просто уворачивайся» #soulslike",
    paws: ["Ведьмак"],
    views: 19,
  },
  {
    author: "Мурка",
    hours: 96,
    text: "Мой кот оценил новую игру лучше любого критика: лёг на клавиатуру прямо на финальном боссе. Итог — 10/10, перепроходим 🐈 #коты",
    pictures: [
      ["cat-keyboard", "Критик за работой"],
      ["cat-verdict", "Вердикт"],
    ],
    paws: ["Лисичка", "Хранитель", "Смотритель", "Ведьмак", "Пиксель", "Северянин"],
    views: 57,
  },
  {
    author: "Странник",
    hours: 88,
    text: "Нарисовал карту для нашей новой кампании, завтра первая сессия. Кто хочет присоединиться в следующий раз — пишите! #настолки",
    pictures: [["map", "Побережье Тысячи Бухт"]],
    paws: ["Северянин", "Хранитель"],
    views: 26,
  },
  {
    author: "Ведьмак",
    hours: 80,
    text: "Пересмотрел старый синематик — всё ещё мурашки. Лучший трейлер в истории игр, спорить не буду #ведьмак",
    videos: ["https://www.youtube.com/watch?v=c0i88t0Kacs"],
    paws: ["Геймер_42", "Северянин"],
    views: 30,
  },
  {
    author: "Смотритель",
    hours: 74,
    text: "Напоминаю: спойлеры к свежим релизам прячем под «Скрыть медиа» при публикации записки. Спасибо, что бережёте друг другу сюжет 🙏",
    paws: ["Хранитель", "Лисичка"],
    views: 33,
  },
  {
    author: "Пиксель",
    hours: 66,
    text: "Пиксель-арт дня: подземелье для моей маленькой игры. Факелы ещё не анимированы, но атмосфера уже есть. #пиксельарт #геймдев",
    pictures: [
      ["dungeon-room", "Первая комната"],
      ["dungeon-mimic", "Сундук с сюрпризом"],
    ],
    paws: ["Хранитель", "Мурка", "Геймер_42"],
    views: 35,
  },
  {
    author: "Лисичка",
    hours: 58,
    text: "Спойлер к финалу уютной игры про маяк! Не открывайте картинку, если ещё не прошли 🙈 #инди",
    pictures: [["lighthouse", "Тот самый маяк в последнюю ночь"]],
    mediaHidden: true,
    paws: ["Ведьмак", "Мурка"],
    views: 24,
  },
  {
    author: "Геймер_42",
    hours: 50,
    text: "ПОБЕДИЛ!!! Сорок восьмая попытка. Спасибо @Ведьмак за совет про парирование и всем, кто поддерживал 🎉 #soulslike",
    pictures: [["victory", "Скрин на память"]],
    paws: ["Ведьмак", "Лисичка", "Хранитель", "Смотритель", "Северянин", "Пиксель", "Мурка"],
    views: 52,
  },
  {
    author: "Северянин",
    hours: 44,
    text: "Сегодня вечером марафон спидранов, кто смотрит? Ставлю на новый рекорд в Celeste #спидран",
    videos: ["https://www.twitch.tv/gamesdonequick"],
    paws: ["Геймер_42"],
    views: 18,
  },
  {
    author: "Мурка",
    hours: 36,
    text: "@Лисичка, ты обещала список уютных игр на зиму! Жду 😼",
    paws: ["Лисичка"],
    views: 15,
  },
  {
    author: "Хранитель",
    hours: 28,
    text: "Обновили сайт: появился поиск по статьям, запискам и комментариям, а у Костра — вкладка «Популярное». Пишите, если что-то сломалось, — починим. #костёр",
    paws: ["Пиксель", "Лисичка", "Странник", "Ведьмак"],
    views: 44,
  },
  {
    author: "Странник",
    hours: 20,
    text: "Первая сессия прошла отлично: за два часа партия успела поссориться с королём и подружиться с драконом. @Хранитель, заходи в пятницу! #настолки",
    pictures: [["map-route", "Карта после сессии — с пометками игроков"]],
    paws: ["Хранитель", "Северянин"],
    views: 21,
  },
  {
    author: "Пиксель",
    hours: 12,
    text: "Сделал за выходные маленькую стрелялку в космосе. Шейдеры не нужны, нужна душа 🚀 #геймдев #пиксельарт",
    pictures: [
      ["shooter-menu", "Главное меню"],
      ["shooter-level", "Первая волна"],
      ["shooter-boss", "Босс: три фазы"],
      ["shooter-win", "Дальше только хардкор"],
    ],
    paws: ["Хранитель", "Геймер_42", "Северянин", "Лисичка"],
    views: 29,
  },
  {
    author: "Ведьмак",
    hours: 6,
    text: "Кто со мной в кооп вечером? Deep Rock Galactic, не хватает одного гнома. Rock and Stone! ⛏️ #кооператив",
    paws: ["Северянин", "Геймер_42"],
    views: 14,
  },
  {
    author: "Лисичка",
    hours: 2,
    text: "Собираю подборку уютных игр на зиму для @Мурка и всех-всех: скоро будет статья, а пока — маяк в снегу ❄️ #инди",
    pictures: [["lighthouse-snow", "Маяк в снегу"]],
    paws: ["Мурка", "Хранитель"],
    views: 9,
  },
  {
    author: "Геймер_42",
    hours: 0.7,
    text: "Ищу тиммейтов на вечер, микрофон есть, адекватность тоже 🙂 @Ведьмак, я с тобой!",
    paws: [],
    views: 4,
  },
];

export const SHOUTS = SHOUT_LIST.map((s, i) => ({
  pictures: [],
  videos: [],
  pinned: false,
  mediaHidden: false,
  ...s,
  id: FIRST_SHOUT_ID + i,
}));

const shoutNo = (n) => SHOUTS[n - 1].id;

/**
 * Comments: [id, shout, parent comment id, author, minutes after the shout, text]; the tree is placed as the
 * comment service places it (depth and path from the parent).
 */
export const SHOUT_COMMENTS = [
  [1000001, shoutNo(1), null, "Лисичка", 25, "Ура, наконец-то своё место! Дрова принесла 🪵"],
  [1000002, shoutNo(1), 1000001, "Хранитель", 40, "Спасибо! Грейтесь 🙂"],
  [1000003, shoutNo(1), null, "Странник", 180, "А байки из наших настольных кампаний сюда можно?"],
  [1000004, shoutNo(1), 1000003, "Хранитель", 200, "Нужно! Тег #настолки уже ждёт."],
  [1000005, shoutNo(2), null, "Северянин", 35, "Какой пресет ReShade? Хочу так же."],
  [1000006, shoutNo(2), 1000005, "Ведьмак", 70, "Свой, собирал по кусочкам. Выложу статьёй, если интересно."],
  [1000007, shoutNo(3), null, "Хранитель", 20, "Красота! Какая видеокарта?"],
  [1000008, shoutNo(3), 1000007, "Пиксель", 45, "Средняя из текущего поколения — для 1440p хватает с запасом."],
  [1000009, shoutNo(3), null, "Геймер_42", 90, "«RGB отключается» — так все говорят 😏"],
  [1000010, shoutNo(4), null, "Пиксель", 30, "Рад, что зашло! Там ещё секретная концовка есть."],
  [1000011, shoutNo(4), 1000010, "Лисичка", 55, "Что?! Всё, выходные потеряны 😄"],
  [1000012, shoutNo(4), null, "Мурка", 140, "А я играю в кооп с котом. Он проигрывает, но не сдаётся."],
  [
    1000013,
    shoutNo(6),
    null,
    "Ведьмак",
    40,
    "Парируй вторую атаку в комбо: у неё длинный замах. И не жадничай с ударами.",
  ],
  [1000014, shoutNo(6), 1000013, "Геймер_42", 65, "Попробую сегодня, спасибо!"],
  [1000015, shoutNo(6), null, "Смотритель", 120, "Призыв тоже не стыдно использовать 🙂"],
  [1000016, shoutNo(7), null, "Лисичка", 15, "Критик строгий, но справедливый 😻"],
  [1000017, shoutNo(7), null, "Хранитель", 50, "Предлагаю выдать коту значок модератора."],
  [1000018, shoutNo(7), 1000017, "Смотритель", 75, "Возражаю: он будет банить всех за пустую миску."],
  [1000019, shoutNo(8), null, "Северянин", 60, "Красивая карта! Сам рисовал?"],
  [1000020, shoutNo(8), 1000019, "Странник", 95, "Сам, по клеточкам, два вечера."],
  [1000021, shoutNo(11), null, "Хранитель", 30, "Очень атмосферно. Ждём демо!"],
  [1000022, shoutNo(11), null, "Мурка", 75, "В сундуке мимик? Скажи, что мимик."],
  [1000023, shoutNo(11), 1000022, "Пиксель", 100, "Без комментариев 🤐"],
  [1000024, shoutNo(12), null, "Ведьмак", 90, "Спасибо, что под спойлером. Открыл, не удержался 🙈"],
  [1000025, shoutNo(13), null, "Ведьмак", 10, "Поздравляю! Теперь DLC 😈"],
  [1000026, shoutNo(13), 1000025, "Геймер_42", 25, "Дай хоть день отдохнуть 😅"],
  [1000027, shoutNo(13), null, "Лисичка", 40, "Ура! 🎉"],
  [1000028, shoutNo(15), null, "Лисичка", 45, "Помню! Собираю, скоро будет 🙂"],
  [1000029, shoutNo(16), null, "Пиксель", 35, "Поиск огонь: уже нашёл свой старый комментарий про блоки питания 😄"],
  [1000030, shoutNo(16), null, "Лисичка", 80, "А тёмную тему можно ещё темнее? 🙂"],
  [
    1000031,
    shoutNo(16),
    1000030,
    "Хранитель",
    110,
    "Попробуй «Тёмную сторону» в настройках — темнее только выключенный монитор.",
  ],
  [1000032, shoutNo(17), null, "Хранитель", 50, "Приду! Беру кубики и печенье."],
  [1000033, shoutNo(18), null, "Геймер_42", 40, "Где скачать?! Хочу побить босса."],
  [1000034, shoutNo(18), 1000033, "Пиксель", 70, "Скоро выложу на itch, дам знать 🙂"],
  [1000035, shoutNo(18), 1000034, "Северянин", 150, "@Пиксель, и мне ссылку, пожалуйста!"],
  [1000036, shoutNo(19), null, "Северянин", 30, "Я в деле! Rock and Stone!"],
  [1000037, shoutNo(19), null, "Геймер_42", 95, "И я! Только научите, где там кнопка «копать»."],
  [1000038, shoutNo(20), null, "Мурка", 20, "Ура, маяк! Жду подборку 😺"],
  [1000039, shoutNo(20), null, "Хранитель", 70, "Красиво. @Лисичка, закреплю статью, когда выйдет."],
  [1000040, shoutNo(9), null, "Геймер_42", 60, "Пересматриваю его перед каждым новым прохождением."],
  [1000041, shoutNo(14), null, "Странник", 90, "Смотрю! Celeste на все клубнички — это магия."],
];

/** Paws on shout comments: [who, comment id, minutes after the comment]. */
export const SHOUT_COMMENT_PAWS = [
  ["Геймер_42", 1000013, 20],
  ["Смотритель", 1000013, 45],
  ["Лисичка", 1000013, 80],
  ["Мурка", 1000017, 15],
  ["Лисичка", 1000017, 30],
  ["Ведьмак", 1000018, 20],
  ["Пиксель", 1000031, 15],
];

const pad = (id) => String(id).padStart(10, "0");

/** When shout `s` was written, for a seed run at `now`. */
export const shoutAt = (s, now) => Math.round(now - s.hours * HOUR);
/** A moment `minutes` after `at`, never in the future. */
export const after = (at, minutes, now) => Math.min(now - MINUTE, at + minutes * MINUTE);

export const findShout = (id) => SHOUTS.find((s) => s.id === id);
export const findShoutComment = (id) => SHOUT_COMMENTS.find((c) => c[0] === id);
export const shoutCommentAt = (c, now) => after(shoutAt(findShout(c[1]), now), c[4], now);

/** When member `who` pawed shout `s` (paws come in one after another after the shout). */
export const shoutPawAt = (s, who, now) => after(shoutAt(s, now), 12 + s.paws.indexOf(who) * 37, now);

/** The #tags of a shout's text, in order (demo texts only: letters, digits and _ after #). */
export const shoutTags = (text) => [...new Set([...text.matchAll(/(^|\s)#([\p{L}\p{N}_]+)/gu)].map((m) => m[2]))];

/** The R2 key prefix of a demo shout picture (decision 0018: `shouts/<member id>/<token>`), as SQL. */
export const shoutPictureKeySql = (author, name) => `'shouts/' || ${user(author)} || '/demo-${name}'`;

/** Guests' hashed addresses in shout_views: `ip:` and 32 hex characters, like a real guest's. */
const guest = (n) => `ip:${createHash("sha256").update(`demo-guest-${n}`).digest("hex").slice(0, 32)}`;

export function demoShoutsSql(now = Date.now()) {
  const out = [];
  for (const name of new Set(SHOUTS.flatMap((s) => shoutTags(s.text)))) out.push(tagSql(name, now));
  for (const s of SHOUTS) {
    const at = shoutAt(s, now);
    const pinnedAt = s.pinned ? after(at, 5, now) : "NULL";
    out.push(`INSERT OR IGNORE INTO shouts (id, user_id, text, is_media_hidden, is_pinned, pinned_at, is_muted, is_frozen, comments_count, views_count, pwnd, created_at, updated_at)
SELECT ${s.id}, ${user(s.author)}, ${q(s.text)}, ${s.mediaHidden ? 1 : 0}, ${s.pinned ? 1 : 0}, ${pinnedAt}, 0, 0, 0, 0, 0, ${at}, ${at} WHERE ${user(s.author)} IS NOT NULL;`);
    // Media rows: pictures in order, then videos (as the service stores them); ids follow the shout's.
    const media = [
      ...s.pictures.map(([name, caption]) => ({
        video: false,
        key: shoutPictureKeySql(s.author, name),
        name,
        caption,
      })),
      ...s.videos.map((url) => ({ video: true, key: q(url), caption: "" })),
    ];
    media.forEach((m, position) => {
      const id = (s.id - FIRST_SHOUT_ID) * 10 + position + FIRST_SHOUT_ID;
      const { width, height } = m.video ? { width: "NULL", height: "NULL" } : pictureSize(m.name);
      out.push(`INSERT OR IGNORE INTO shout_media (id, shout_id, user_id, position, is_video, key, width, height, caption, created_at)
SELECT ${id}, ${s.id}, ${user(s.author)}, ${position}, ${m.video ? 1 : 0}, ${m.key}, ${width}, ${height}, ${q(m.caption)}, ${at} WHERE EXISTS (SELECT 1 FROM shouts WHERE id = ${s.id});`);
    });
    shoutTags(s.text).forEach((name, position) => {
      out.push(
        `INSERT OR IGNORE INTO shout_tags (shout_id, tag_id, position) SELECT ${s.id}, id, ${position} FROM tags WHERE name_key = ${q(key(name))} AND EXISTS (SELECT 1 FROM shouts WHERE id = ${s.id});`,
      );
    });
    for (const who of s.paws) {
      out.push(
        `INSERT OR IGNORE INTO likes (user_id, item_type, item_id, owner_id, is_negative, created_at) SELECT ${user(who)}, 'shout', ${s.id}, user_id, 0, ${shoutPawAt(s, who, now)} FROM shouts WHERE id = ${s.id};`,
      );
    }
    out.push(viewsSql(s, now));
  }
  const paths = new Map();
  const depths = new Map();
  for (const c of SHOUT_COMMENTS) {
    const [id, shoutId, parent, author, , text] = c;
    const path = parent ? `${paths.get(parent)}${pad(id)}` : pad(id);
    const depth = parent ? depths.get(parent) + 1 : 1;
    paths.set(id, path);
    depths.set(id, depth);
    const at = shoutCommentAt(c, now);
    out.push(`INSERT OR IGNORE INTO shout_comments (id, shout_id, user_id, parent_id, depth, path, text, pwnd, is_deleted, created_at, updated_at)
SELECT ${id}, ${shoutId}, ${user(author)}, ${parent ?? "NULL"}, ${depth}, ${q(path)}, ${q(text)}, 0, 0, ${at}, ${at} WHERE EXISTS (SELECT 1 FROM shouts WHERE id = ${shoutId}) AND ${user(author)} IS NOT NULL;`);
  }
  for (const [who, commentId, minutes] of SHOUT_COMMENT_PAWS) {
    const at = after(shoutCommentAt(findShoutComment(commentId), now), minutes, now);
    out.push(
      `INSERT OR IGNORE INTO likes (user_id, item_type, item_id, owner_id, is_negative, created_at) SELECT ${user(who)}, 'shout_comment', ${commentId}, user_id, 0, ${at} FROM shout_comments WHERE id = ${commentId};`,
    );
  }
  // Counters from the rows, as the services keep them (decision 0018).
  const demo = `BETWEEN ${FIRST_SHOUT_ID} AND ${LAST_SHOUT_ID}`;
  out.push(
    `UPDATE shouts SET comments_count = (SELECT count(*) FROM shout_comments c WHERE c.shout_id = shouts.id AND c.is_deleted = 0) WHERE id ${demo};`,
  );
  out.push(
    `UPDATE shouts SET views_count = (SELECT count(*) FROM shout_views v WHERE v.shout_id = shouts.id) WHERE id ${demo};`,
  );
  out.push(
    `UPDATE shouts SET pwnd = (SELECT coalesce(sum(CASE WHEN is_negative THEN -1 ELSE 1 END), 0) FROM likes WHERE item_type = 'shout' AND item_id = shouts.id) WHERE id ${demo};`,
  );
  out.push(
    `UPDATE shout_comments SET pwnd = (SELECT coalesce(sum(CASE WHEN is_negative THEN -1 ELSE 1 END), 0) FROM likes WHERE item_type = 'shout_comment' AND item_id = shout_comments.id) WHERE shout_id ${demo};`,
  );
  out.push(
    "UPDATE tags SET shouts_count = (SELECT count(*) FROM shout_tags st JOIN shouts s ON s.id = st.shout_id WHERE st.tag_id = tags.id AND s.is_muted = 0);",
  );
  return out;
}

/**
 * One view per viewer and day (shout_views): the members who commented or pawed, then guests, spread over the
 * days since the shout; the author's own views never count.
 */
function viewsSql(s, now) {
  const at = shoutAt(s, now);
  const members = [...new Set([...s.paws, ...SHOUT_COMMENTS.filter((c) => c[1] === s.id).map((c) => c[3])])].filter(
    (m) => m !== s.author,
  );
  const day = (minutes) => Math.floor(after(at, minutes, now) / DAY);
  const rows = [
    ...members.map((m, i) => `('u:' || ${user(m)}, ${day(10 + i * 29)})`),
    ...Array.from({ length: Math.max(0, s.views - members.length) }, (_, n) => `('${guest(n)}', ${day(7 + n * 53)})`),
  ];
  // A member who is missing makes a NULL viewer, which OR IGNORE skips. The days move with `now`, so a viewer
  // already counted on any day is not counted again.
  return `INSERT OR IGNORE INTO shout_views (shout_id, viewer, day) SELECT ${s.id}, column1, column2 FROM (VALUES ${rows.join(", ")})
WHERE EXISTS (SELECT 1 FROM shouts WHERE id = ${s.id}) AND NOT EXISTS (SELECT 1 FROM shout_views v WHERE v.shout_id = ${s.id} AND v.viewer = column1);`;
}
