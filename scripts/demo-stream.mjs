// The public activity stream and the demo members' notifications for the demo content, shaped exactly as the
// services write them (workers/core/notifications/triggers.ts, docs/decisions/0017 and 0018): one activity item per
// published post, comment, shout and shout comment; a notification per member told about a comment, a reply or an
// @mention, and one grouped notification per item that got paws (naming nobody: the site hides who pawed by
// default). Items of the last two days are unread, older ones were read. Fixed ids in a reserved range, given in
// time order (both lists are ordered by id or time), INSERT OR IGNORE.
import { afterPost, COMMENTS, PAWS, POSTS, publishedAt } from "./demo-content.mjs";
import {
  after,
  findShout,
  findShoutComment,
  SHOUT_COMMENT_PAWS,
  SHOUT_COMMENTS,
  SHOUTS,
  shoutAt,
  shoutCommentAt,
  shoutPawAt,
} from "./demo-shouts.mjs";
import { DAY, excerpt, MINUTE, q, user } from "./demo-sql.mjs";
import { plural } from "./lib.mjs";

const FIRST_ID = 1_000_001;
/** Notifications about events older than this were read an hour and a half after they came. */
const UNREAD_FOR = 2 * DAY;

/** STREAM_TYPE (workers/core/notifications/notifications.constants.ts). */
const TYPE = { post: 1, comment: 2, shout: 3, shoutComment: 4, paws: 6, mention: 8 };

// ─── texts, as the triggers compose them ─────────────────────────────────────────────────────────────────

const PAWED = {
  post: "вашу статью",
  comment: "ваш комментарий к статье",
  shout: "вашу записку",
  shout_comment: "ваш комментарий к записке",
};
/** `pawTexts(itemType, n, false)`: a paws notification that names nobody. */
const pawTexts = (itemType, n) =>
  `${n} ${plural(n, "участник", "участника", "участников")} ${plural(n, "оценил", "оценили", "оценили")} ${PAWED[itemType]}`;

const postUrl = (slug) => `/posts/${encodeURIComponent(slug)}`;
const commentUrl = (slug, id) => `${postUrl(slug)}?comment=${id}`;
const shoutUrl = (id) => `/bonfire/${id}`;
const shoutCommentUrl = (shoutId, id) => `/bonfire/${shoutId}?comment=${id}`;
const postTitle = (title) => title.trim() || "Без названия";
const shoutTitle = (text) => {
  const line = text.replace(/\s+/g, " ").trim();
  return line ? excerpt(line, 60) : "Записка";
};
const shoutTexts = (s) => {
  const hasMedia = s.pictures.length + s.videos.length > 0;
  return {
    title: shoutTitle(s.text),
    title_url: shoutUrl(s.id),
    has_image_title: hasMedia,
    is_hidden_title: hasMedia && s.mediaHidden,
  };
};

/** Members @mentioned in a demo text (the demo writes names in full, followed by a space or punctuation). */
const mentioned = (text) => [...new Set([...text.matchAll(/(^|[^\p{L}\p{N}_])@([\p{L}\p{N}_]+)/gu)].map((m) => m[2]))];

// ─── sources (SQL) ───────────────────────────────────────────────────────────────────────────────────────

const postId = (slug) => `(SELECT id FROM posts WHERE slug = ${q(slug)})`;
const postKey = (slug) => `'post:' || ${postId(slug)}`;
const commentKey = (slug, id) => `'post:' || ${postId(slug)} || '/comment:${id}'`;
const shoutKey = (id) => `'shout:${id}'`;
const shoutCommentKey = (shoutId, id) => `'shout:${shoutId}/comment:${id}'`;

// ─── events ──────────────────────────────────────────────────────────────────────────────────────────────

/** Everything the demo content did, with what the stream says about it. */
function events(now) {
  const activities = [];
  const notifications = [];
  const tell = (recipients, told, make) => {
    for (const [who, type, preTitle] of recipients) {
      if (told.has(who)) continue;
      told.add(who);
      notifications.push({ recipient: who, type, ...make(preTitle) });
    }
  };

  for (const x of POSTS) {
    const at = publishedAt(x.slug, now);
    activities.push({
      at,
      actor: x.author,
      type: TYPE.post,
      texts: {
        pre_title: "опубликовал(а) статью",
        title: postTitle(x.title),
        title_url: postUrl(x.slug),
        message: excerpt(x.headline),
        message_url: x.headline.trim() ? postUrl(x.slug) : "",
      },
      source: postKey(x.slug),
      exists: `EXISTS (SELECT 1 FROM posts WHERE slug = ${q(x.slug)} AND is_published = 1)`,
    });
  }

  for (const [id, slug, parent, author, minutes, text] of COMMENTS) {
    const x = POSTS.find((p) => p.slug === slug);
    const at = afterPost(slug, minutes, now);
    const texts = {
      title: postTitle(x.title),
      title_url: postUrl(slug),
      message: excerpt(text),
      message_url: commentUrl(slug, id),
    };
    const source = commentKey(slug, id);
    const exists = `EXISTS (SELECT 1 FROM comments WHERE id = ${id} AND is_deleted = 0)`;
    activities.push({
      at,
      actor: author,
      type: TYPE.comment,
      texts: { ...texts, pre_title: "прокомментировал(а) статью" },
      source,
      exists,
    });
    const recipients = [];
    if (parent)
      recipients.push([
        COMMENTS.find((c) => c[0] === parent)[3],
        TYPE.comment,
        "ответил(а) на ваш комментарий к статье",
      ]);
    recipients.push([x.author, TYPE.comment, "прокомментировал(а) вашу статью"]);
    for (const name of mentioned(text)) recipients.push([name, TYPE.mention, "упомянул(а) вас в комментарии к статье"]);
    tell(recipients, new Set([author]), (preTitle) => ({
      at,
      actor: author,
      texts: { ...texts, pre_title: preTitle },
      source,
      exists,
    }));
  }

  for (const s of SHOUTS) {
    const at = shoutAt(s, now);
    const texts = { ...shoutTexts(s), message: "", message_url: "" };
    const exists = `EXISTS (SELECT 1 FROM shouts WHERE id = ${s.id})`;
    // Only shouts shown to guests reach the public stream (decision 0018).
    const listed = `EXISTS (SELECT 1 FROM shouts s JOIN users u ON u.id = s.user_id WHERE s.id = ${s.id} AND s.is_muted = 0 AND coalesce(json_extract(u.settings, '$.is_shouts_public'), 1) != 0)`;
    activities.push({
      at,
      actor: s.author,
      type: TYPE.shout,
      texts: { ...texts, pre_title: "написал(а) записку" },
      source: shoutKey(s.id),
      exists: listed,
    });
    tell(
      mentioned(s.text).map((name) => [name, TYPE.mention, "упомянул(а) вас в записке"]),
      new Set([s.author]),
      (preTitle) => ({ at, actor: s.author, texts: { ...texts, pre_title: preTitle }, source: shoutKey(s.id), exists }),
    );
  }

  for (const c of SHOUT_COMMENTS) {
    const [id, shoutId, parent, author, , text] = c;
    const s = findShout(shoutId);
    const at = shoutCommentAt(c, now);
    const texts = { ...shoutTexts(s), message: excerpt(text), message_url: shoutCommentUrl(shoutId, id) };
    const source = shoutCommentKey(shoutId, id);
    const exists = `EXISTS (SELECT 1 FROM shout_comments WHERE id = ${id} AND is_deleted = 0)`;
    const listed = `${exists} AND EXISTS (SELECT 1 FROM shouts s JOIN users u ON u.id = s.user_id WHERE s.id = ${shoutId} AND s.is_muted = 0 AND coalesce(json_extract(u.settings, '$.is_shouts_public'), 1) != 0)`;
    activities.push({
      at,
      actor: author,
      type: TYPE.shoutComment,
      texts: { ...texts, pre_title: "прокомментировал(а) записку" },
      source,
      exists: listed,
    });
    const recipients = [];
    if (parent)
      recipients.push([findShoutComment(parent)[3], TYPE.shoutComment, "ответил(а) на ваш комментарий к записке"]);
    recipients.push([s.author, TYPE.shoutComment, "прокомментировал(а) вашу записку"]);
    for (const name of mentioned(text))
      recipients.push([name, TYPE.mention, "упомянул(а) вас в комментарии к записке"]);
    tell(recipients, new Set([author]), (preTitle) => ({
      at,
      actor: author,
      texts: { ...texts, pre_title: preTitle },
      source,
      exists,
    }));
  }

  // Paws: one notification per item, its count the members who pawed while it was unread.
  const groups = new Map();
  const paw = (itemType, itemId, owner, who, at, target) => {
    if (who === owner) return;
    const groupKey = `paw:${itemType}:${itemId}`;
    const group = groups.get(groupKey) ?? { itemType, owner, pawers: [], first: at, last: at, ...target };
    group.pawers.push(who);
    group.first = Math.min(group.first, at);
    group.last = Math.max(group.last, at);
    groups.set(groupKey, group);
  };
  for (const [who, type, item, , minutes] of PAWS) {
    if (type === "post") {
      const x = POSTS.find((p) => p.slug === item);
      paw("post", postId(item), x.author, who, afterPost(item, minutes, now), {
        groupKey: `'paw:post:' || ${postId(item)}`,
        texts: { title: postTitle(x.title), title_url: postUrl(item), message: "", message_url: "" },
        source: postKey(item),
        exists: `EXISTS (SELECT 1 FROM posts WHERE slug = ${q(item)} AND is_published = 1)`,
      });
    } else {
      const [id, slug, , author, , text] = COMMENTS.find((c) => c[0] === item);
      const x = POSTS.find((p) => p.slug === slug);
      paw("comment", id, author, who, afterPost(slug, minutes, now), {
        groupKey: `'paw:comment:${id}'`,
        texts: {
          title: postTitle(x.title),
          title_url: postUrl(slug),
          message: excerpt(text),
          message_url: commentUrl(slug, id),
        },
        source: commentKey(slug, id),
        exists: `EXISTS (SELECT 1 FROM comments WHERE id = ${id} AND is_deleted = 0)`,
      });
    }
  }
  for (const s of SHOUTS) {
    for (const who of s.paws) {
      paw("shout", s.id, s.author, who, shoutPawAt(s, who, now), {
        groupKey: `'paw:shout:${s.id}'`,
        texts: { title: shoutTitle(s.text), title_url: shoutUrl(s.id), message: "", message_url: "" },
        source: shoutKey(s.id),
        exists: `EXISTS (SELECT 1 FROM shouts WHERE id = ${s.id})`,
      });
    }
  }
  for (const [who, commentId, minutes] of SHOUT_COMMENT_PAWS) {
    const c = findShoutComment(commentId);
    const [id, shoutId, , author, , text] = c;
    paw("shout_comment", id, author, who, after(shoutCommentAt(c, now), minutes, now), {
      groupKey: `'paw:shout_comment:${id}'`,
      texts: {
        title: shoutTitle(findShout(shoutId).text),
        title_url: shoutUrl(shoutId),
        message: excerpt(text),
        message_url: shoutCommentUrl(shoutId, id),
      },
      source: shoutCommentKey(shoutId, id),
      exists: `EXISTS (SELECT 1 FROM shout_comments WHERE id = ${id} AND is_deleted = 0)`,
    });
  }
  for (const g of groups.values()) {
    const n = g.pawers.length;
    notifications.push({
      recipient: g.owner,
      actor: null,
      type: TYPE.paws,
      at: g.first,
      updated: g.last,
      groupKey: g.groupKey,
      groupCount: n,
      texts: { ...g.texts, pre_title: pawTexts(g.itemType, n) },
      source: g.source,
      exists: g.exists,
    });
  }
  return { activities, notifications };
}

// ─── rows ────────────────────────────────────────────────────────────────────────────────────────────────

const b = (v) => (v ? 1 : 0);

function textValues(t) {
  return `${q(t.pre_title)}, ${q(t.title)}, ${q(t.title_url)}, ${q(t.message ?? "")}, ${q(t.message_url ?? "")}, ${b(t.has_image_title)}, ${b(t.has_image_content)}, ${b(t.is_hidden_title)}, ${b(t.is_hidden_content)}`;
}

const TEXT_COLUMNS =
  "pre_title, title, title_url, message, message_url, has_image_title, has_image_content, is_hidden_title, is_hidden_content";

export function demoStreamSql(now = Date.now()) {
  const { activities, notifications } = events(now);
  const out = [];
  activities
    .sort((x, y) => x.at - y.at)
    .forEach((a, i) => {
      out.push(`INSERT OR IGNORE INTO activities (id, actor_id, type, ${TEXT_COLUMNS}, source_key, created_at)
SELECT ${FIRST_ID + i}, ${user(a.actor)}, ${a.type}, ${textValues(a.texts)}, ${a.source}, ${a.at} WHERE ${a.exists} AND ${user(a.actor)} IS NOT NULL;`);
    });
  notifications
    .sort((x, y) => (x.updated ?? x.at) - (y.updated ?? y.at))
    .forEach((n, i) => {
      const updated = n.updated ?? n.at;
      const viewed = updated < now - UNREAD_FOR ? Math.min(now - MINUTE, updated + 90 * MINUTE) : "NULL";
      const recipient = user(n.recipient);
      // As notify() decides: never a member who switched notifications off or ignores the actor.
      const wanted = [
        `EXISTS (SELECT 1 FROM users WHERE id = ${recipient} AND is_banned = 0 AND coalesce(json_extract(settings, '$.is_notifications_enabled'), 1) != 0)`,
        n.actor
          ? `NOT EXISTS (SELECT 1 FROM user_ignores WHERE user_id = ${recipient} AND ignored_user_id = ${user(n.actor)})`
          : "1",
      ].join(" AND ");
      out.push(`INSERT OR IGNORE INTO notifications (id, user_id, actor_id, type, ${TEXT_COLUMNS}, source_key, group_key, group_count, created_at, updated_at, viewed_at)
SELECT ${FIRST_ID + i}, ${recipient}, ${n.actor ? user(n.actor) : "NULL"}, ${n.type}, ${textValues(n.texts)}, ${n.source}, ${n.groupKey ?? "NULL"}, ${n.groupCount ?? 1}, ${n.at}, ${updated}, ${viewed} WHERE ${n.exists} AND ${wanted};`);
    });
  return out;
}
