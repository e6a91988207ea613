import { describe, expect, it } from "vitest";
import {
  type ApiClient,
  adminClient,
  type ErrorBody,
  guestClient,
  json,
  memberClient,
  RUSSIAN,
} from "#tests/factories/client";
import { createCommentRow as createComment } from "#tests/factories/comments";
import { scalar } from "#tests/factories/db";
import { createPost } from "#tests/factories/posts";
import { createShoutCommentRow, createShoutRow } from "#tests/factories/shouts";
import { createUser } from "#tests/factories/users";
import type { ReportCaseView } from "#workers/core/reports/reports";

type CasesPage = { results: ReportCaseView[]; next: string | null; count: number };

async function report(client: ApiClient, target_type: string, target_id: number, reason = "spam", text = "") {
  return client.post("/report/", { target_type, target_id, reason, text });
}

async function openCase(mod: ApiClient, type: string, id: number): Promise<ReportCaseView | undefined> {
  for (let page = 1; page < 50; page += 1) {
    const body = await json<CasesPage>(await mod.get(`/report/?page=${page}`));
    const found = body.results.find((c) => c.target_type === type && c.target_id === id);
    if (found || !body.next) return found;
  }
  return undefined;
}

describe("reporting", () => {
  it("every kind of item can be reported once by a member; reports on one item group into one case", async () => {
    const author = await createUser();
    const post = await createPost(author);
    const comment = await createComment(post, author);
    const shout = await createShoutRow(author, { text: "Спам спам спам" });
    const shoutComment = await createShoutCommentRow(shout, author);
    const a = await memberClient();
    const b = await memberClient();
    const mod = (await memberClient({ isMod: true })).client;
    for (const [type, id] of [
      ["post", post.id],
      ["comment", comment.id],
      ["shout", shout.id],
      ["shout_comment", shoutComment.id],
      ["user", author.id],
    ] as const) {
      const first = await report(a.client, type, id, "insult");
      expect(first.status, type).toBe(201);
      const created = await json<{ case_id: number; reports_count: number; detail: string }>(first);
      expect(created.reports_count).toBe(1);
      expect(created.detail).toMatch(RUSSIAN);
      const again = await report(a.client, type, id, "spam");
      expect(again.status, `${type} twice`).toBe(409);
      expect((await json<ErrorBody>(again)).detail).toMatch(/^Вы уже пожаловались на /);
      const second = await json<{ case_id: number; reports_count: number }>(
        await report(b.client, type, id, "other", "Это реклама казино"),
      );
      expect(second).toMatchObject({ case_id: created.case_id, reports_count: 2 });
      const view = await openCase(mod, type, id);
      expect(view).toMatchObject({ reports_count: 2, status: "open" });
      expect(view?.reports.map((r) => r.reason)).toEqual(["insult", "other"]);
      expect(view?.reports[1].text).toBe("Это реклама казино");
      expect(view?.content.exists).toBe(true);
      expect(view?.content.author?.id).toBe(author.id);
    }
    expect(await scalar("SELECT count(*) FROM report_cases WHERE target_user_id = ?", author.id)).toBe(5);
  });

  it("a double click sends one report (409 for the second), and two members at once share one case", async () => {
    const shout = await createShoutRow(await createUser());
    const { client } = await memberClient();
    const twice = await Promise.all([report(client, "shout", shout.id), report(client, "shout", shout.id)]);
    expect(twice.map((r) => r.status).sort()).toEqual([201, 409]);
    const other = await createShoutRow(await createUser());
    const [a, b] = await Promise.all([
      report((await memberClient()).client, "shout", other.id),
      report((await memberClient()).client, "shout", other.id),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(
      await scalar("SELECT count(*) FROM report_cases WHERE target_type = 'shout' AND target_id = ?", other.id),
    ).toBe(1);
    expect(
      await scalar("SELECT reports_count FROM report_cases WHERE target_type = 'shout' AND target_id = ?", other.id),
    ).toBe(2);
  });

  it("refuses guests, own content, unknown items and bad reasons in Russian", async () => {
    const guest = await guestClient();
    const { client, user } = await memberClient();
    const shout = await createShoutRow(user);
    const cases: [ApiClient, unknown, number][] = [
      [guest, { target_type: "shout", target_id: shout.id, reason: "spam" }, 401],
      [client, { target_type: "shout", target_id: shout.id, reason: "spam" }, 403],
      [client, { target_type: "user", target_id: user.id, reason: "spam" }, 403],
      [client, { target_type: "shout", target_id: 99999999, reason: "spam" }, 404],
      [client, { target_type: "shout", target_id: shout.id, reason: "boring" }, 400],
      [client, { target_type: "planet", target_id: shout.id, reason: "spam" }, 400],
      [client, { target_type: "shout", target_id: shout.id, reason: "other" }, 400],
    ];
    for (const [who, body, status] of cases) {
      const res = await who.post("/report/", body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect((await json<ErrorBody>(res)).detail).toMatch(RUSSIAN);
    }
  });

  it("the case list and resolving: guest 401, member 403, moderator and admin allowed", async () => {
    const guest = await guestClient();
    const member = (await memberClient()).client;
    const mod = (await memberClient({ isMod: true })).client;
    const admin = (await adminClient()).client;
    expect((await guest.get("/report/")).status).toBe(401);
    expect((await member.get("/report/")).status).toBe(403);
    expect((await mod.get("/report/")).status).toBe(200);
    expect((await admin.get("/report/")).status).toBe(200);
    const shout = await createShoutRow(await createUser());
    const { case_id } = await json<{ case_id: number }>(await report(member, "shout", shout.id));
    expect((await guest.post(`/report/${case_id}/resolve/`, { outcome: "dismiss" })).status).toBe(401);
    expect((await member.post(`/report/${case_id}/resolve/`, { outcome: "dismiss" })).status).toBe(403);
    expect((await mod.post(`/report/${case_id}/resolve/`, { outcome: "maybe" })).status).toBe(400);
    expect((await mod.post("/report/9999999/resolve/", { outcome: "dismiss" })).status).toBe(404);
    expect((await admin.post(`/report/${case_id}/resolve/`, { outcome: "dismiss" })).status).toBe(200);
    const twice = await mod.post(`/report/${case_id}/resolve/`, { outcome: "dismiss" });
    expect(twice.status).toBe(409);
    expect((await json<ErrorBody>(twice)).detail).toBe("Эта жалоба уже рассмотрена.");
  });

  it("open cases come oldest first", async () => {
    const mod = (await memberClient({ isMod: true })).client;
    const reporter = (await memberClient()).client;
    const author = await createUser();
    const older = await createShoutRow(author);
    const newer = await createShoutRow(author);
    await report(reporter, "shout", older.id);
    await report(reporter, "shout", newer.id);
    const ids: number[] = [];
    for (let page = 1; ; page += 1) {
      const body = await json<CasesPage>(await mod.get(`/report/?page=${page}`));
      ids.push(...body.results.map((c) => c.id));
      if (!body.next) break;
    }
    const sorted = [...ids].sort((x, y) => x - y);
    expect(ids).toEqual(sorted);
  });
});

describe("resolving a case", () => {
  it("deleting the content: the shout goes, every reporter is told once, the audit log has the outcome and the deletion", async () => {
    const author = await createUser();
    const shout = await createShoutRow(author, { text: "Оскорбительная записка" });
    const reporters = [await memberClient(), await memberClient()];
    for (const r of reporters) await report(r.client, "shout", shout.id, "insult");
    const { client: mod, user: modUser } = await memberClient({ isMod: true });
    const view = await openCase(mod, "shout", shout.id);
    const res = await mod.post(`/report/${view?.id}/resolve/`, { outcome: "delete" });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ status: "resolved", outcome: "delete", notified: 2 });
    expect(await scalar("SELECT count(*) FROM shouts WHERE id = ?", shout.id)).toBe(0);
    for (const r of reporters) {
      expect(
        await scalar(
          "SELECT title FROM notifications WHERE user_id = ? AND source_key = ?",
          r.user.id,
          `report:${view?.id}`,
        ),
      ).toBe("содержимое удалено");
    }
    expect(await scalar("SELECT count(*) FROM notifications WHERE source_key = ?", `report:${view?.id}`)).toBe(2);
    for (const action of ["report.delete", "shout.delete"]) {
      expect(
        await scalar(
          "SELECT count(*) FROM audit_log WHERE action = ? AND actor_id = ? AND target_user_id = ? AND target_id = ?",
          action,
          modUser.id,
          author.id,
          String(shout.id),
        ),
        action,
      ).toBe(1);
    }
    expect(await openCase(mod, "shout", shout.id)).toBeUndefined();
  });

  it("hiding a shout mutes it; hiding a post unpublishes it; a comment can only be deleted", async () => {
    const author = await createUser();
    const shout = await createShoutRow(author);
    const post = await createPost(author);
    const comment = await createComment(await createPost(author), author);
    const reporter = (await memberClient()).client;
    const mod = (await memberClient({ isMod: true })).client;
    for (const [type, id] of [
      ["shout", shout.id],
      ["post", post.id],
      ["comment", comment.id],
    ] as const)
      await report(reporter, type, id);
    const shoutCase = await openCase(mod, "shout", shout.id);
    expect((await mod.post(`/report/${shoutCase?.id}/resolve/`, { outcome: "hide" })).status).toBe(200);
    expect(await scalar("SELECT is_muted FROM shouts WHERE id = ?", shout.id)).toBe(1);
    const postCase = await openCase(mod, "post", post.id);
    expect((await mod.post(`/report/${postCase?.id}/resolve/`, { outcome: "hide" })).status).toBe(200);
    expect(await scalar("SELECT is_published FROM posts WHERE id = ?", post.id)).toBe(0);
    const commentCase = await openCase(mod, "comment", comment.id);
    const refused = await mod.post(`/report/${commentCase?.id}/resolve/`, { outcome: "hide" });
    expect(refused.status).toBe(400);
    expect((await json<ErrorBody>(refused)).detail).toMatch(RUSSIAN);
    // Still open: nothing happened.
    expect((await openCase(mod, "comment", comment.id))?.status).toBe("open");
    expect((await mod.post(`/report/${commentCase?.id}/resolve/`, { outcome: "delete" })).status).toBe(200);
    expect(await scalar("SELECT count(*) FROM comments WHERE id = ?", comment.id)).toBe(0);
    for (const [action, n] of [
      ["shout.mute", 1],
      ["post.unpublish", 1],
      ["comment.delete", 1],
      ["report.hide", 2],
      ["report.delete", 1],
    ] as const) {
      const count = await scalar(
        "SELECT count(*) FROM audit_log WHERE action = ? AND target_user_id = ?",
        action,
        author.id,
      );
      expect(count, action).toBe(n);
    }
  });

  it("an admin who is no moderator cannot delete content through a case; the case stays open", async () => {
    const author = await createUser();
    const shout = await createShoutRow(author);
    const reporter = (await memberClient()).client;
    const admin = (await adminClient()).client;
    await report(reporter, "shout", shout.id);
    const view = await openCase(admin, "shout", shout.id);
    expect((await admin.post(`/report/${view?.id}/resolve/`, { outcome: "delete" })).status).toBe(403);
    expect((await openCase(admin, "shout", shout.id))?.status).toBe("open");
  });

  it("a report after a case was resolved opens a new case; the first reporter still cannot report again", async () => {
    const author = await createUser();
    const shout = await createShoutRow(author);
    const first = (await memberClient()).client;
    const mod = (await memberClient({ isMod: true })).client;
    const { case_id } = await json<{ case_id: number }>(await report(first, "shout", shout.id));
    await mod.post(`/report/${case_id}/resolve/`, { outcome: "dismiss" });
    expect((await report(first, "shout", shout.id)).status).toBe(409);
    const next = await json<{ case_id: number; reports_count: number }>(
      await report((await memberClient()).client, "shout", shout.id),
    );
    expect(next.case_id).not.toBe(case_id);
    expect(next.reports_count).toBe(1);
  });
});

async function page(client: ApiClient, path: string) {
  const res = await client.request("GET", `${client.origin}${path}`);
  return { res, html: await res.text() };
}

// The first page request compiles the pages (seconds on a busy machine).
const PAGE_TIMEOUT = { timeout: 30_000 };

describe("the pages without JavaScript", () => {
  it(
    "a member reports a shout with the plain form; a moderator sees and resolves it on /admin/moderation",
    PAGE_TIMEOUT,
    async () => {
      const author = await createUser();
      const shout = await createShoutRow(author, { text: "Купите золото дёшево" });
      const { client: reporter, user: reporterUser } = await memberClient();
      const form = await page(reporter, `/report/shout/${shout.id}`);
      expect(form.res.status).toBe(200);
      expect(form.html).toContain("Пожаловаться на записку");
      expect(form.html).toContain("Купите золото дёшево");
      const missing = await reporter.form(`/report/shout/${shout.id}`, { reason: "other", text: "" });
      expect(missing.status).toBe(400);
      expect(await missing.text()).toContain("Опишите, что не так");
      const sent = await reporter.form(`/report/shout/${shout.id}`, { reason: "spam" });
      expect(sent.status).toBe(200);
      expect(await sent.text()).toContain("Модераторы рассмотрят жалобу");
      expect((await page(reporter, `/report/shout/${shout.id}`)).html).toContain("Вы уже пожаловались");
      expect((await page(await guestClient(), `/report/shout/${shout.id}`)).res.status).toBe(302);

      const { client: mod } = await memberClient({ isMod: true });
      expect((await page(reporter, "/admin/moderation")).res.status).toBe(403);
      const list = await page(mod, "/admin/moderation");
      expect(list.res.status).toBe(200);
      expect(list.html).toContain("Купите золото дёшево");
      expect(list.html).toContain(`/admin/users/${author.id}?reason=`);
      const view = await openCase(mod, "shout", shout.id);
      const resolved = await mod.form("/admin/moderation", {
        intent: "resolve",
        case: String(view?.id),
        outcome: "hide",
      });
      expect(resolved.status).toBe(200);
      expect(await resolved.text()).toContain("Жалоба закрыта: содержимое скрыто.");
      expect(await scalar("SELECT is_muted FROM shouts WHERE id = ?", shout.id)).toBe(1);
      expect(
        await scalar(
          "SELECT count(*) FROM notifications WHERE user_id = ? AND source_key = ?",
          reporterUser.id,
          `report:${view?.id}`,
        ),
      ).toBe(1);
      const audit = await page(mod, `/admin/audit?target=${author.id}`);
      expect(audit.res.status).toBe(200);
      expect(audit.html).toContain("Жалоба: содержимое скрыто");
      expect(audit.html).toContain("Скрытие записки");
    },
  );

  it("a moderator edits a reported comment's text from the case", PAGE_TIMEOUT, async () => {
    const author = await createUser();
    const comment = await createComment(await createPost(author), author, { text: "Грубый текст" });
    const reporter = (await memberClient()).client;
    await report(reporter, "comment", comment.id, "insult");
    const { client: mod } = await memberClient({ isMod: true });
    const res = await mod.form("/admin/moderation", {
      intent: "edit",
      type: "comment",
      id: String(comment.id),
      text: "Текст исправлен модератором",
    });
    expect(res.status).toBe(200);
    expect(await scalar("SELECT text FROM comments WHERE id = ?", comment.id)).toBe("Текст исправлен модератором");
  });
});
