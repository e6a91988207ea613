import { describe, expect, it } from "vitest";
import { serviceContext, setFlags } from "#tests/factories/context";
import { fileForm, PNG_6X4 } from "#tests/factories/images";
import { paragraphBody } from "#tests/factories/posts";
import { createUser } from "#tests/factories/users";
import { AppError } from "#workers/core/errors";
import { getPost } from "#workers/core/posts/posts";
import { uploadPostImage } from "#workers/core/posts/posts.images";
import { can, type PostAccess } from "#workers/core/posts/posts.policy";
import { sharePost } from "#workers/core/posts/posts.sharing";
import { createDraft, publishPost, unpublishPost, updatePost } from "#workers/core/posts/posts.write";

const MIN = 60_000;
const HOUR = 60 * MIN;

/** A clock the test moves. */
function clock(start = Date.now()) {
  let t = start;
  return { now: () => new Date(t), set: (offsetMs: number) => (t = start + offsetMs) };
}

async function rejects(promise: Promise<unknown>, code: AppError["code"]) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
}

/** A published post made through the services at clock offset 0. */
async function setup() {
  const author = await createUser();
  const mod = await createUser({ isMod: true });
  const sharer = await createUser();
  const c = clock();
  const as = (user: { id: number }) => serviceContext(user, c.now);
  const { slug } = await createDraft(await as(author), { title: "Ведьмак 3" });
  await updatePost(await as(author), slug, { body: paragraphBody("Текст о ведьмаке."), headline: "Обзор" });
  await sharePost(await as(author), slug, { username: sharer.username });
  return { author, mod, sharer, c, as, slug };
}

describe("edit window (spec §5): the author within 1 hour of publication, moderators always", () => {
  it("author edits a published post until 1 hour after its publication, then 403; moderator still may", async () => {
    const { author, mod, c, as, slug } = await setup();
    c.set(10 * MIN);
    await publishPost(await as(author), slug);
    c.set(69 * MIN);
    const edited = await updatePost(await as(author), slug, { title: "Ведьмак 3: Дикая охота" });
    expect(edited.title).toBe("Ведьмак 3: Дикая охота");
    expect(edited.can_edit).toBe(true);
    c.set(10 * MIN + HOUR + MIN);
    await rejects(updatePost(await as(author), slug, { title: "Поздно" }), "forbidden");
    expect((await getPost(await as(author), slug)).can_edit).toBe(false);
    await rejects(uploadPostImage(await as(author), slug, fileForm(PNG_6X4).get("file")), "forbidden");
    await rejects(unpublishPost(await as(author), slug), "forbidden");
    // Exactly 1 hour after publication is already too late.
    c.set(10 * MIN + HOUR);
    await rejects(updatePost(await as(author), slug, { title: "Ровно час" }), "forbidden");
    c.set(5 * HOUR);
    const byMod = await updatePost(await as(mod), slug, { headline: "Поправил модератор" });
    expect(byMod.headline).toBe("Поправил модератор");
    expect(byMod.can_edit).toBe(true);
    expect((await getPost(await as(author), slug)).title).toBe("Ведьмак 3: Дикая охота");
  });

  it("with is_one_hour_edit_enabled off the author edits any time", async () => {
    const { author, c, as, slug } = await setup();
    await publishPost(await as(author), slug);
    await setFlags({ is_one_hour_edit_enabled: false });
    c.set(30 * 24 * HOUR);
    expect((await updatePost(await as(author), slug, { title: "Через месяц" })).title).toBe("Через месяц");
    expect((await getPost(await as(author), slug)).can_edit).toBe(true);
    await setFlags({ is_one_hour_edit_enabled: true });
    await rejects(updatePost(await as(author), slug, { title: "Снова нельзя" }), "forbidden");
  });

  it("drafts stay editable by the author and sharers without a time limit; sharers lose rights on publication", async () => {
    const { author, sharer, mod, c, as, slug } = await setup();
    c.set(3 * 24 * HOUR);
    expect((await updatePost(await as(author), slug, { headline: "Автор через 3 дня" })).headline).toBe(
      "Автор через 3 дня",
    );
    expect((await updatePost(await as(sharer), slug, { headline: "Соавтор через 3 дня" })).headline).toBe(
      "Соавтор через 3 дня",
    );
    // Moderators have no rights over drafts of others: a draft is private (404).
    await rejects(updatePost(await as(mod), slug, { headline: "Модератор" }), "not_found");
    // Published 3 days after the draft was started: the author's hour starts at publication.
    await publishPost(await as(author), slug);
    expect((await updatePost(await as(author), slug, { headline: "Опечатка исправлена" })).headline).toBe(
      "Опечатка исправлена",
    );
    await rejects(updatePost(await as(sharer), slug, { headline: "Нельзя" }), "forbidden");
    c.set(3 * 24 * HOUR + HOUR);
    await rejects(updatePost(await as(author), slug, { headline: "Нельзя" }), "forbidden");
    const seen = await getPost(await as(sharer), slug);
    expect(seen.can_edit).toBe(false);
    expect(seen.shared_with).toEqual([]);
  });

  it("a sharer edits but never publishes or shares", async () => {
    const { sharer, as, slug } = await setup();
    await rejects(publishPost(await as(sharer), slug), "forbidden");
    const other = await createUser();
    await rejects(sharePost(await as(sharer), slug, { username: other.username }), "forbidden");
    const seen = await getPost(await as(sharer), slug);
    expect(seen.can_edit).toBe(true);
    expect(seen.can_publish).toBe(false);
    expect(seen.can_delete).toBe(false);
  });

  it("guests are 401 on every mutation service", async () => {
    const { slug } = await setup();
    const guest = await serviceContext(null);
    await rejects(createDraft(guest, {}), "unauthenticated");
    await rejects(updatePost(guest, slug, { title: "x" }), "unauthenticated");
    await rejects(publishPost(guest, slug), "unauthenticated");
  });
});

describe("posts.policy can()", () => {
  const now = new Date("2025-01-01T12:00:00Z");
  const author = { id: 1, isMod: false, isBanned: false };
  const mod = { id: 2, isMod: true, isBanned: false };
  const sharer = { id: 3, isMod: false, isBanned: false };
  const stranger = { id: 4, isMod: false, isBanned: false };
  const post = (over: Partial<PostAccess> = {}): PostAccess => ({
    userId: 1,
    isPublished: true,
    createdAt: new Date(now.getTime() - 30 * MIN),
    sharedWith: [3],
    ...over,
  });
  const rules = { now, isOneHourEditEnabled: true };

  it("denies by default and to guests and banned members", () => {
    expect(can(null, "edit", post(), rules)).toBe(false);
    expect(can(null, "create")).toBe(false);
    expect(can({ ...author, isBanned: true }, "edit", post(), rules)).toBe(false);
    expect(can(author, "nonsense" as never, post(), rules)).toBe(false);
    expect(can(author, "edit", null, rules)).toBe(false);
  });

  it("view: published for all; drafts for author and sharers only", () => {
    expect(can(null, "view", post())).toBe(true);
    expect(can(null, "view", post({ isPublished: false }))).toBe(false);
    expect(can(stranger, "view", post({ isPublished: false }))).toBe(false);
    expect(can(mod, "view", post({ isPublished: false }))).toBe(false);
    expect(can(sharer, "view", post({ isPublished: false }))).toBe(true);
    expect(can(author, "view", post({ isPublished: false }))).toBe(true);
  });

  it("edit/unpublish by window; pin for moderators; delete for author or moderator", () => {
    const old = post({ createdAt: new Date(now.getTime() - 2 * HOUR) });
    expect(can(author, "edit", post(), rules)).toBe(true);
    expect(can(author, "edit", old, rules)).toBe(false);
    expect(can(author, "edit", old, { ...rules, isOneHourEditEnabled: false })).toBe(true);
    expect(can(mod, "edit", old, rules)).toBe(true);
    expect(can(sharer, "edit", post(), rules)).toBe(false);
    expect(can(stranger, "edit", post(), rules)).toBe(false);
    expect(can(author, "unpublish", old, rules)).toBe(false);
    expect(can(mod, "unpublish", old, rules)).toBe(true);
    expect(can(mod, "pin", old)).toBe(true);
    expect(can(author, "pin", old)).toBe(false);
    expect(can(mod, "pin", post({ isPublished: false }))).toBe(false);
    expect(can(author, "delete", old)).toBe(true);
    expect(can(mod, "delete", old)).toBe(true);
    expect(can(mod, "delete", post({ isPublished: false }))).toBe(false);
    expect(can(stranger, "delete", old)).toBe(false);
    expect(can(sharer, "leave", post())).toBe(true);
    expect(can(author, "leave", post())).toBe(false);
  });
});

describe("slugs", () => {
  it("gives an untitled draft a readable slug on its first publication, and never changes it after", async () => {
    const author = await createUser();
    const as = () => serviceContext(author);
    const { slug } = await createDraft(await as(), {});
    expect(slug).toMatch(/^chernovik-[a-z0-9]{6}$/);
    await updatePost(await as(), slug, { title: "Ведьмак 3: обзор", body: paragraphBody("Текст.") });
    const published = await publishPost(await as(), slug);
    expect(published.slug).toMatch(/^vedmak-3-obzor-[a-z0-9]{6}$/);
    await rejects(getPost(await as(), slug), "not_found");
    await unpublishPost(await as(), published.slug);
    const again = await publishPost(await as(), published.slug);
    expect(again.slug).toBe(published.slug);
  });
});
