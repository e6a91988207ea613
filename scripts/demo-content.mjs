// Russian demo posts, tags, comments and paws for `npm start`, as idempotent SQL (fixed slugs, fixed comment
// ids in a reserved range, INSERT OR IGNORE); counters are recomputed at the end.
import { slugify } from "transliteration";

const q = (s) => (s === null || s === undefined ? "NULL" : `'${String(s).replaceAll("'", "''")}'`);
const key = (s) => s.normalize("NFC").trim().toLocaleLowerCase("ru").replaceAll("ё", "е");
const user = (name) => `(SELECT id FROM users WHERE username_key = ${q(key(name))})`;
const post = (slug) => `(SELECT id FROM posts WHERE slug = ${q(slug)})`;

const p = (text) => ({ type: "paragraph", content: [{ type: "text", text }] });
const h = (text) => ({ type: "heading", attrs: { level: 2 }, content: [{ type: "text", text }] });
const list = (...items) => ({ type: "bulletList", content: items.map((t) => ({ type: "listItem", content: [p(t)] })) });
const quote = (text) => ({ type: "blockquote", content: [p(text)] });
const spoiler = (title, text) => ({ type: "spoiler", attrs: { title }, content: [p(text)] });

const POSTS = [
  {
    slug: "vedmak-3-desyat-let-spustya-demo01",
    author: "Ведьмак",
    title: "«Ведьмак 3» десять лет спустя: почему мы всё ещё возвращаемся",
    headline: "Перепрошёл «Дикую охоту» с модами и понял, за что её любят до сих пор.",
    tags: ["ведьмак", "rpg", "ретроспектива"],
    days: 2,
    pinned: true,
    body: [
      p("Я начал новое прохождение «Дикой охоты» просто чтобы проверить, не приукрашивает ли память. Не приукрашивает."),
      h("Квесты, которые не стареют"),
      p("Кровавый барон, Крик и ребёнок на болотах — побочные задания здесь пишутся как отдельные повести."),
      list("«Кровавый барон» — лучший квест в жанре", "Гвинт затягивает сильнее основной истории", "Туссент — отдельная игра"),
      quote("Зло есть зло. Меньшее, большее, среднее — всё едино."),
      spoiler("Про концовку", "Хорошая концовка зависит от пяти разговоров с Цири — и ни один гайд не передаёт, насколько это естественно."),
    ],
  },
  {
    slug: "luchshie-indi-2026-demo02",
    author: "Лисичка",
    title: "Лучшие инди-игры года: мой личный топ-10",
    headline: "Маленькие студии снова сделали то, на что не решились большие.",
    tags: ["инди", "подборка"],
    days: 5,
    body: [
      p("В этом году я сыграла в сорок с лишним инди-проектов. Вот десять, о которых хочется рассказать всем."),
      list("Уютный симулятор маяка", "Рогалик про кота-алхимика", "Детектив в стиле нуар на три вечера"),
      p("Пишите в комментариях свои находки — соберём общий список!"),
    ],
  },
  {
    slug: "kak-sobrat-pk-dlya-igr-demo03",
    author: "Пиксель",
    title: "Как собрать игровой ПК и не разориться",
    headline: "Разбираем, на чём можно сэкономить, а на чём — никогда.",
    tags: ["железо", "гайд"],
    days: 9,
    body: [
      h("Сначала видеокарта"),
      p("Бюджет распределяем от видеокарты: процессор среднего уровня не станет узким местом в 1440p."),
      h("Где не экономить"),
      list("Блок питания с запасом", "Быстрый SSD под систему и игры", "Хороший кулер — тишина бесценна"),
    ],
  },
  {
    slug: "kooperativ-na-vecher-demo04",
    author: "Северянин",
    title: "Кооператив на вечер: во что поиграть вдвоём",
    headline: "Пять игр, после которых дружба станет крепче (или закончится).",
    tags: ["кооператив", "подборка"],
    days: 14,
    body: [p("Проверено на себе и на терпении лучшего друга."), list("It Takes Two", "Portal 2", "Deep Rock Galactic")],
  },
  {
    slug: "souls-like-dlya-novichkov-demo05",
    author: "Геймер_42",
    title: "Soulslike для новичков: с чего начать и как не сдаться",
    headline: "Умирать — это нормально. Главное — учиться на каждой смерти.",
    tags: ["soulslike", "гайд", "rpg"],
    days: 21,
    body: [p("Первый босс — это не стена, а экзамен на внимательность."), quote("Не торопитесь. Смотрите на анимации врага.")],
  },
];

const COMMENTS = [
  // [id, post slug, parent id, author, text]
  [1000001, POSTS[0].slug, null, "Лисичка", "Кровавый барон до сих пор снится. Спасибо за текст!"],
  [1000002, POSTS[0].slug, 1000001, "Ведьмак", "Мне тоже. А ты проходила «Каменные сердца»?"],
  [1000003, POSTS[0].slug, 1000002, "Лисичка", "Конечно! Ольгерд — лучший злодей серии."],
  [1000004, POSTS[0].slug, null, "Мурка", "А гвинт я так и не осилила 😅"],
  [1000005, POSTS[1].slug, null, "Пиксель", "Про кота-алхимика не слышал — добавил в список желаемого."],
  [1000006, POSTS[2].slug, null, "Странник", "Добавлю: не берите самый дешёвый корпус, пожалеете при сборке."],
  [1000007, POSTS[2].slug, 1000006, "Пиксель", "Плюсую, острые края — это боль."],
  [1000008, POSTS[4].slug, null, "Смотритель", "Хороший гайд. Закреплю, если наберёт лапок 🙂"],
];

const PAWS = [
  // [who, item type, post slug or comment id, is negative]
  ["Лисичка", "post", POSTS[0].slug, false],
  ["Мурка", "post", POSTS[0].slug, false],
  ["Северянин", "post", POSTS[0].slug, false],
  ["Пиксель", "post", POSTS[1].slug, false],
  ["Ведьмак", "post", POSTS[1].slug, false],
  ["Странник", "post", POSTS[2].slug, false],
  ["Ведьмак", "comment", 1000001, false],
];

const DAY = 86_400_000;
const pad = (id) => String(id).padStart(10, "0");

export function demoContentSql(now = Date.now()) {
  const out = [];
  const tagNames = [...new Set(POSTS.flatMap((x) => x.tags))];
  for (const name of tagNames) {
    out.push(`INSERT OR IGNORE INTO tags (slug, name, name_key, posts_count, created_at) VALUES (${q(slugify(name, { lowercase: true }))}, ${q(name)}, ${q(key(name))}, 0, ${now});`);
  }
  for (const x of POSTS) {
    const at = now - x.days * DAY;
    const body = JSON.stringify({ type: "doc", content: x.body });
    out.push(`INSERT OR IGNORE INTO posts (slug, user_id, title, headline, body, is_published, is_pinned, pinned_at, comments_count, pwnd, created_at, updated_at, published_at)
SELECT ${q(x.slug)}, ${user(x.author)}, ${q(x.title)}, ${q(x.headline)}, ${q(body)}, 1, ${x.pinned ? 1 : 0}, ${x.pinned ? at : "NULL"}, 0, 0, ${at}, ${at}, ${at} WHERE ${user(x.author)} IS NOT NULL;`);
    x.tags.forEach((name, i) => {
      out.push(`INSERT OR IGNORE INTO post_tags (post_id, tag_id, position) SELECT ${post(x.slug)}, (SELECT id FROM tags WHERE name_key = ${q(key(name))}), ${i} WHERE ${post(x.slug)} IS NOT NULL;`);
    });
  }
  const paths = new Map();
  const depths = new Map();
  for (const [id, slug, parent, author, text] of COMMENTS) {
    const path = parent ? `${paths.get(parent)}${pad(id)}` : pad(id);
    const depth = parent ? depths.get(parent) + 1 : 1;
    paths.set(id, path);
    depths.set(id, depth);
    const at = now - 3600_000 + id % 1000 * 60_000;
    out.push(`INSERT OR IGNORE INTO comments (id, post_id, user_id, parent_id, depth, path, text, pwnd, is_deleted, created_at, updated_at)
SELECT ${id}, ${post(slug)}, ${user(author)}, ${parent ?? "NULL"}, ${depth}, ${q(path)}, ${q(text)}, 0, 0, ${at}, ${at} WHERE ${post(slug)} IS NOT NULL AND ${user(author)} IS NOT NULL;`);
  }
  for (const [who, type, item, negative] of PAWS) {
    const itemId = type === "post" ? post(item) : String(item);
    const owner = type === "post" ? `(SELECT user_id FROM posts WHERE slug = ${q(item)})` : `(SELECT user_id FROM comments WHERE id = ${item})`;
    out.push(`INSERT OR IGNORE INTO likes (user_id, item_type, item_id, owner_id, is_negative, created_at) SELECT ${user(who)}, '${type}', ${itemId}, ${owner}, ${negative ? 1 : 0}, ${now} WHERE ${itemId} IS NOT NULL AND ${owner} IS NOT NULL;`);
  }
  // Counters from the rows (the same numbers the services keep).
  out.push("UPDATE posts SET comments_count = (SELECT count(*) FROM comments c WHERE c.post_id = posts.id AND c.is_deleted = 0);");
  out.push("UPDATE posts SET pwnd = (SELECT coalesce(sum(CASE WHEN is_negative THEN -1 ELSE 1 END), 0) FROM likes WHERE item_type = 'post' AND item_id = posts.id);");
  out.push("UPDATE comments SET pwnd = (SELECT coalesce(sum(CASE WHEN is_negative THEN -1 ELSE 1 END), 0) FROM likes WHERE item_type = 'comment' AND item_id = comments.id);");
  out.push("UPDATE tags SET posts_count = (SELECT count(*) FROM post_tags pt JOIN posts p ON p.id = pt.post_id WHERE pt.tag_id = tags.id AND p.is_published = 1);");
  return out;
}

export const DEMO_POST_COUNT = POSTS.length;
