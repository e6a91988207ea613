// Russian demo posts, tags, comments and paws for `npm start`, as idempotent SQL (fixed slugs, fixed comment
// ids in a reserved range, INSERT OR IGNORE); counters are recomputed at the end. Three posts have a cover picture
// and one a picture in its text (scripts/demo-pictures.mjs; R2 keys `posts/<post id>/demo-<picture>.webp`).
import { DAY, HOUR, MINUTE, key, q, tagSql, user } from "./demo-sql.mjs";

const post = (slug) => `(SELECT id FROM posts WHERE slug = ${q(slug)})`;

const p = (text) => ({ type: "paragraph", content: [{ type: "text", text }] });
const h = (text) => ({ type: "heading", attrs: { level: 2 }, content: [{ type: "text", text }] });
const list = (...items) => ({ type: "bulletList", content: items.map((t) => ({ type: "listItem", content: [p(t)] })) });
const quote = (text) => ({ type: "blockquote", content: [p(text)] });
const spoiler = (title, text) => ({ type: "spoiler", attrs: { title }, content: [p(text)] });
/** A picture in a post's text; `{{post}}` becomes the post's id when it is inserted. */
const picture = (name, size, caption) => ({
  type: "image",
  attrs: {
    src: `/media/${postPictureKey("{{post}}", name)}`,
    width: size.width,
    height: size.height,
    caption,
    alt: caption,
  },
});

/** The R2 key of a demo post picture (decision 0006: `posts/<post id>/<token>.webp`). */
export const postPictureKey = (postId, name) => `posts/${postId}/demo-${name}.webp`;

export const POSTS = [
  {
    slug: "vedmak-3-desyat-let-spustya-demo01",
    author: "Ведьмак",
    title: "«Ведьмак 3» десять лет спустя: почему мы всё ещё возвращаемся",
    headline: "Перепрошёл «Дикую охоту» с модами и понял, за что её любят до сих пор.",
    tags: ["ведьмак", "rpg", "ретроспектива"],
    days: 2,
    pinned: true,
    cover: "swamp",
    body: [
      p(
        "Я начал новое прохождение «Дикой охоты» просто чтобы проверить, не приукрашивает ли память. Не приукрашивает.",
      ),
      h("Квесты, которые не стареют"),
      p("Кровавый барон, Крик и ребёнок на болотах — побочные задания здесь пишутся как отдельные повести."),
      list(
        "«Кровавый барон» — лучший квест в жанре",
        "Гвинт затягивает сильнее основной истории",
        "Туссент — отдельная игра",
      ),
      quote("Зло есть зло. Меньшее, большее, среднее — всё едино."),
      spoiler(
        "Про концовку",
        "Хорошая концовка зависит от пяти разговоров с Цири — и ни один гайд не передаёт, насколько это естественно.",
      ),
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
    cover: "setup",
    body: [
      h("Сначала видеокарта"),
      p("Бюджет распределяем от видеокарты: процессор среднего уровня не станет узким местом в 1440p."),
      picture("case-inside", { width: 1560, height: 1560 }, "Три вентилятора на вдув, один на выдув — и никакого шума"),
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
    cover: "dungeon-boss",
    body: [
      p("Первый босс — это не стена, а экзамен на внимательность."),
      quote("Не торопитесь. Смотрите на анимации врага."),
    ],
  },
];

/** Comments: [id, post slug, parent id, author, minutes after the post was published, text]. */
export const COMMENTS = [
  [1000001, POSTS[0].slug, null, "Лисичка", 50, "Кровавый барон до сих пор снится. Спасибо за текст!"],
  [1000002, POSTS[0].slug, 1000001, "Ведьмак", 95, "Мне тоже. А ты проходила «Каменные сердца»?"],
  [1000003, POSTS[0].slug, 1000002, "Лисичка", 130, "Конечно! Ольгерд — лучший злодей серии."],
  [1000004, POSTS[0].slug, null, "Мурка", 310, "А гвинт я так и не осилила 😅"],
  [1000005, POSTS[1].slug, null, "Пиксель", 180, "Про кота-алхимика не слышал — добавил в список желаемого."],
  [1000006, POSTS[2].slug, null, "Странник", 1400, "Добавлю: не берите самый дешёвый корпус, пожалеете при сборке."],
  [1000007, POSTS[2].slug, 1000006, "Пиксель", 1520, "Плюсую, острые края — это боль."],
  [1000008, POSTS[4].slug, null, "Смотритель", 360, "Хороший гайд. Закреплю, если наберёт лапок 🙂"],
];

/** Paws: [who, item type, post slug or comment id, is negative, minutes after the post was published]. */
export const PAWS = [
  ["Лисичка", "post", POSTS[0].slug, false, 40],
  ["Мурка", "post", POSTS[0].slug, false, 300],
  ["Северянин", "post", POSTS[0].slug, false, 720],
  ["Пиксель", "post", POSTS[1].slug, false, 170],
  ["Ведьмак", "post", POSTS[1].slug, false, 900],
  ["Странник", "post", POSTS[2].slug, false, 1390],
  ["Ведьмак", "comment", 1000001, false, 90],
];

const pad = (id) => String(id).padStart(10, "0");

/** When a demo post was published, for a seed run at `now`. */
export const publishedAt = (slug, now) => now - POSTS.find((x) => x.slug === slug).days * DAY;
/** When a demo comment or paw on a post was written (minutes after the post). */
export const afterPost = (slug, minutes, now) => Math.min(now - MINUTE, publishedAt(slug, now) + minutes * MINUTE);

/** The id the next post gets (AUTOINCREMENT: one more than the largest id ever used). */
const NEXT_POST_ID =
  "(SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'posts'), 0), coalesce((SELECT max(id) FROM posts), 0)) + 1)";

export function demoContentSql(now = Date.now()) {
  const out = [];
  for (const name of new Set(POSTS.flatMap((x) => x.tags))) out.push(tagSql(name, now));
  for (const x of POSTS) {
    const at = publishedAt(x.slug, now);
    // The post's id is chosen here (not left to AUTOINCREMENT) so that its pictures' keys can name it.
    const body = q(JSON.stringify({ type: "doc", content: x.body }));
    const image = x.cover ? `'posts/' || n.id || '/demo-${x.cover}.webp'` : "NULL";
    out.push(`INSERT OR IGNORE INTO posts (id, slug, user_id, title, headline, image, body, is_published, is_pinned, pinned_at, comments_count, pwnd, created_at, updated_at, published_at)
SELECT n.id, ${q(x.slug)}, ${user(x.author)}, ${q(x.title)}, ${q(x.headline)}, ${image}, replace(${body}, '{{post}}', n.id), 1, ${x.pinned ? 1 : 0}, ${x.pinned ? at : "NULL"}, 0, 0, ${at - 2 * HOUR}, ${at}, ${at}
FROM (SELECT ${NEXT_POST_ID} AS id) n WHERE ${user(x.author)} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM posts WHERE slug = ${q(x.slug)});`);
    x.tags.forEach((name, i) => {
      out.push(
        `INSERT OR IGNORE INTO post_tags (post_id, tag_id, position) SELECT ${post(x.slug)}, (SELECT id FROM tags WHERE name_key = ${q(key(name))}), ${i} WHERE ${post(x.slug)} IS NOT NULL;`,
      );
    });
  }
  const paths = new Map();
  const depths = new Map();
  for (const [id, slug, parent, author, minutes, text] of COMMENTS) {
    const path = parent ? `${paths.get(parent)}${pad(id)}` : pad(id);
    const depth = parent ? depths.get(parent) + 1 : 1;
    paths.set(id, path);
    depths.set(id, depth);
    const at = afterPost(slug, minutes, now);
    out.push(`INSERT OR IGNORE INTO comments (id, post_id, user_id, parent_id, depth, path, text, pwnd, is_deleted, created_at, updated_at)
SELECT ${id}, ${post(slug)}, ${user(author)}, ${parent ?? "NULL"}, ${depth}, ${q(path)}, ${q(text)}, 0, 0, ${at}, ${at} WHERE ${post(slug)} IS NOT NULL AND ${user(author)} IS NOT NULL;`);
  }
  for (const [who, type, item, negative, minutes] of PAWS) {
    const itemId = type === "post" ? post(item) : String(item);
    const owner =
      type === "post"
        ? `(SELECT user_id FROM posts WHERE slug = ${q(item)})`
        : `(SELECT user_id FROM comments WHERE id = ${item})`;
    const slug = type === "post" ? item : COMMENTS.find((c) => c[0] === item)[1];
    const at = afterPost(slug, minutes, now);
    out.push(
      `INSERT OR IGNORE INTO likes (user_id, item_type, item_id, owner_id, is_negative, created_at) SELECT ${user(who)}, '${type}', ${itemId}, ${owner}, ${negative ? 1 : 0}, ${at} WHERE ${itemId} IS NOT NULL AND ${owner} IS NOT NULL;`,
    );
  }
  // Counters from the rows (the same numbers the services keep).
  out.push(
    "UPDATE posts SET comments_count = (SELECT count(*) FROM comments c WHERE c.post_id = posts.id AND c.is_deleted = 0);",
  );
  out.push(
    "UPDATE posts SET pwnd = (SELECT coalesce(sum(CASE WHEN is_negative THEN -1 ELSE 1 END), 0) FROM likes WHERE item_type = 'post' AND item_id = posts.id);",
  );
  out.push(
    "UPDATE comments SET pwnd = (SELECT coalesce(sum(CASE WHEN is_negative THEN -1 ELSE 1 END), 0) FROM likes WHERE item_type = 'comment' AND item_id = comments.id);",
  );
  out.push(
    "UPDATE tags SET posts_count = (SELECT count(*) FROM post_tags pt JOIN posts p ON p.id = pt.post_id WHERE pt.tag_id = tags.id AND p.is_published = 1);",
  );
  return out;
}

export const DEMO_POST_COUNT = POSTS.length;

/** Every picture the demo posts use, by the R2 key pattern (the post ids are only known once they are in D1). */
export const POST_PICTURES = POSTS.flatMap((x) => [
  x.cover,
  ...x.body.filter((b) => b.type === "image").map((b) => /demo-([\w-]+)\.webp$/.exec(b.attrs.src)[1]),
]).filter(Boolean);
