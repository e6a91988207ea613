// Last year's archive for the yearly recap (/year): a year of posts, shouts, comments and paws among the demo
// members, dated in the previous Moscow year, so the recap page has a finished year to show in any month.
// Idempotent: posts by slug, shouts and comments by (author, time), paws by their key.
import { HOUR, key, q, tagSql, user } from "./demo-sql.mjs";

const MSK = 3 * HOUR;
const POSTS = [
  [
    "Ведьмак",
    "arhiv-luchshie-rpg-goda",
    "Лучшие RPG года: что мы прошли и что пропустили",
    [1, 14],
    ["RPG", "Итоги"],
    "Десять ролевых игр, о которых спорили весь год, и три, до которых так и не дошли руки.",
    "Год выдался щедрым на ролевые игры: большие открытые миры, камерные истории и пара неожиданных хитов. Собрал то, что прошёл сам, и то, что советовали у костра.",
  ],
  [
    "Лисичка",
    "arhiv-indi-kotorye-stoit-nayti",
    "Инди, которые стоит найти: десять маленьких шедевров",
    [2, 3],
    ["Инди"],
    "Маленькие студии, большие идеи: игры на пару вечеров, которые остаются в памяти надолго.",
    "Каждая из этих игр сделана командой из нескольких человек, а некоторые — вообще одним. Зато в каждой есть то, чего не хватает крупным релизам: смелость.",
  ],
  [
    "Северянин",
    "arhiv-zimniy-marafon-soulslike",
    "Зимний марафон соулслайков: дневник боли и радости",
    [1, 28],
    ["Soulslike", "RPG"],
    "Пять игр за зиму, сотни смертей и одно важное открытие о терпении.",
    "Правило марафона простое: не бросать игру, пока не победишь финального босса. Рассказываю, где было тяжелее всего и какая игра удивила сильнее остальных.",
  ],
  [
    "Пиксель",
    "arhiv-pixel-art-v-igrah",
    "Пиксель-арт в играх: почему он не стареет",
    [4, 9],
    ["Инди", "Арт"],
    "Почему крупный пиксель до сих пор выглядит свежо и как художники добиваются этого.",
    "Пиксель-арт — это не ностальгия, а язык. Разбираю палитры, анимацию в несколько кадров и приёмы, которыми пользуются лучшие художники.",
  ],
  [
    "Геймер_42",
    "arhiv-koop-na-dvoih",
    "Кооператив на двоих: лучшие игры прошлого года",
    [6, 21],
    ["Кооператив"],
    "Игры, в которые интереснее вдвоём: от головоломок до совместных приключений.",
    "Собрал игры, которые мы прошли с другом по сети и на одном диване. Отдельный список — для тех, кто играет с детьми.",
  ],
  [
    "Мурка",
    "arhiv-uyutnye-igry",
    "Уютные игры для осенних вечеров",
    [9, 30],
    ["Уютные игры", "Инди"],
    "Фермы, чаепития и котики: спокойные игры, когда за окном дождь.",
    "Осенью хочется игр без спешки. Вот подборка того, что согревало меня весь сентябрь, — с пометками, сколько времени уйдёт на каждую.",
  ],
  [
    "Странник",
    "arhiv-otkrytye-miry",
    "Открытые миры, в которых хочется жить",
    [7, 12],
    ["Открытый мир", "RPG"],
    "Миры, по которым приятно просто гулять, даже забыв о заданиях.",
    "Лучший открытый мир — тот, где интересно свернуть с дороги. Рассказываю о пяти играх, в которых я провёл больше времени в прогулках, чем в сюжете.",
  ],
  [
    "Ведьмак",
    "arhiv-nastolki-po-igram",
    "Настолки по мотивам видеоигр: что получилось",
    [11, 5],
    ["Настолки"],
    "Пять настольных игр по известным сериям: какие стоят своих денег, а какие лучше пропустить.",
    "Перенести видеоигру на стол непросто. Сыграли компанией во все пять и честно оценили правила, компоненты и то, насколько узнаётся оригинал.",
  ],
];
const SHOUTS = [
  ["Лисичка", [1, 15, 20], "Прошла пролог и уже влюбилась в этот мир. Делитесь, что у вас на выходные!"],
  ["Ведьмак", [1, 15, 21], "Третий раз начинаю заново — теперь точно за мага."],
  ["Северянин", [1, 16, 19], "Босс во втором акте — это испытание терпения. Сорок попыток, но прошёл!"],
  ["Мурка", [3, 8, 12], "Котики в играх — отдельный жанр. Покажите своих любимых."],
  ["Пиксель", [4, 9, 18], "Нарисовал фан-арт по любимой игре, выложу вечером."],
  ["Геймер_42", [6, 21, 22], "Кто со мной в кооп сегодня? Есть два свободных места."],
  ["Странник", [7, 12, 10], "Забрёл в горы и забыл про сюжетное задание на неделю."],
  ["Лисичка", [8, 3, 14], "Летняя распродажа съела мой бюджет. Совсем."],
  ["Ведьмак", [9, 30, 20], "Осенью играется особенно уютно. Чай, плед и длинная RPG."],
  ["Мурка", [10, 31, 21], "С Хэллоуином! Во что страшное играете?"],
  ["Северянин", [11, 20, 19], "Зимний марафон продолжается: осталось три игры из списка."],
  ["Хранитель", [11, 31, 12], "Спасибо всем, кто был у костра в этом году! С наступающим!"],
];
const COMMENTERS = ["Лисичка", "Ведьмак", "Северянин", "Пиксель", "Геймер_42", "Мурка", "Странник", "Хранитель"];
const LINES = [
  "Отличная подборка, половину не знал!",
  "Согласен почти со всем, но я бы добавил ещё пару игр.",
  "Спасибо, сохранил в закладки.",
  "Вот это да, надо попробовать.",
  "А я как раз на этой неделе начал!",
  "Лучший текст месяца, без шуток.",
];

/** A moment of `year` in Moscow time, as a UTC timestamp. */
const at = (year, [month, day], hour = 12) => Date.UTC(year, month - 1, day, hour) - MSK;
const body = (text) =>
  q(JSON.stringify({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] }));

export function demoRecapSql(now = Date.now()) {
  const year = new Date(now + MSK).getUTCFullYear() - 1;
  const out = [];
  for (const name of new Set(POSTS.flatMap((p) => p[4]))) out.push(tagSql(name, at(year, [1, 1])));
  POSTS.forEach(([author, slug, title, date, tags, headline, text], i) => {
    const published = at(year, date, 18);
    out.push(`INSERT OR IGNORE INTO posts (slug, user_id, title, headline, body, is_published, comments_count, pwnd, created_at, updated_at, published_at)
SELECT ${q(slug)}, ${user(author)}, ${q(title)}, ${q(headline)}, ${body(text)}, 1, 0, 0, ${published - HOUR}, ${published}, ${published} WHERE ${user(author)} IS NOT NULL;`);
    tags.forEach((name, position) => {
      out.push(
        `INSERT OR IGNORE INTO post_tags (post_id, tag_id, position) SELECT (SELECT id FROM posts WHERE slug = ${q(slug)}), (SELECT id FROM tags WHERE name_key = ${q(key(name))}), ${position} WHERE (SELECT id FROM posts WHERE slug = ${q(slug)}) IS NOT NULL;`,
      );
    });
    // Comments: a few top-level, each answered once; then paws from most members.
    const post = `(SELECT id FROM posts WHERE slug = ${q(slug)})`;
    for (let c = 0; c < 3 + (i % 3); c++) {
      const who = COMMENTERS[(i + c + 1) % COMMENTERS.length];
      const replier = COMMENTERS[(i + c + 4) % COMMENTERS.length];
      const t = published + (c + 1) * 3 * HOUR;
      out.push(`INSERT INTO comments (post_id, user_id, parent_id, depth, path, text, created_at, updated_at)
SELECT ${post}, ${user(who)}, NULL, 1, 'recap-pending', ${q(LINES[(i + c) % LINES.length])}, ${t}, ${t}
WHERE ${post} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM comments WHERE post_id = ${post} AND user_id = ${user(who)} AND created_at = ${t});`);
      out.push("UPDATE comments SET path = printf('%010d', id) WHERE path = 'recap-pending';");
      const parent = `(SELECT id FROM comments WHERE post_id = ${post} AND user_id = ${user(who)} AND created_at = ${t})`;
      out.push(`INSERT INTO comments (post_id, user_id, parent_id, depth, path, text, created_at, updated_at)
SELECT ${post}, ${user(replier)}, ${parent}, 2, 'recap-pending-reply', 'Полностью поддерживаю!', ${t + HOUR}, ${t + HOUR}
WHERE ${parent} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM comments WHERE parent_id = ${parent} AND created_at = ${t + HOUR});`);
      out.push(
        `UPDATE comments SET path = (SELECT p.path FROM comments p WHERE p.id = comments.parent_id) || printf('%010d', id) WHERE path = 'recap-pending-reply';`,
      );
    }
    COMMENTERS.forEach((who, k) => {
      if ((i + k) % 4 === 3 || who === author) return;
      out.push(
        `INSERT OR IGNORE INTO likes (user_id, item_type, item_id, owner_id, is_negative, created_at) SELECT ${user(who)}, 'post', ${post}, ${user(author)}, 0, ${published + (k + 2) * HOUR} WHERE ${post} IS NOT NULL AND ${user(who)} IS NOT NULL;`,
      );
    });
  });
  SHOUTS.forEach(([author, [month, day, hour], text], i) => {
    const t = at(year, [month, day], hour);
    out.push(`INSERT INTO shouts (user_id, text, created_at, updated_at) SELECT ${user(author)}, ${q(text)}, ${t}, ${t}
WHERE ${user(author)} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM shouts WHERE user_id = ${user(author)} AND created_at = ${t});`);
    const shout = `(SELECT id FROM shouts WHERE user_id = ${user(author)} AND created_at = ${t})`;
    COMMENTERS.forEach((who, k) => {
      if ((i + k) % 3 === 0 || who === author) return;
      out.push(
        `INSERT OR IGNORE INTO likes (user_id, item_type, item_id, owner_id, is_negative, created_at) SELECT ${user(who)}, 'shout', ${shout}, ${user(author)}, 0, ${t + (k + 1) * 20 * 60_000} WHERE ${shout} IS NOT NULL AND ${user(who)} IS NOT NULL;`,
      );
    });
  });
  out.push(
    "UPDATE posts SET comments_count = (SELECT count(*) FROM comments c WHERE c.post_id = posts.id AND c.is_deleted = 0), pwnd = (SELECT coalesce(sum(CASE WHEN is_negative THEN -1 ELSE 1 END), 0) FROM likes WHERE item_type = 'post' AND item_id = posts.id);",
    "UPDATE shouts SET pwnd = (SELECT coalesce(sum(CASE WHEN is_negative THEN -1 ELSE 1 END), 0) FROM likes WHERE item_type = 'shout' AND item_id = shouts.id);",
    "UPDATE tags SET posts_count = (SELECT count(*) FROM post_tags pt JOIN posts p ON p.id = pt.post_id WHERE pt.tag_id = tags.id AND p.is_published = 1);",
  );
  return out;
}
