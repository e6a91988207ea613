import { describe, expect, it } from "vitest";
import type { UserRow } from "#drizzle/schema";
import {
  type ApiClient,
  adminClient,
  type ErrorBody,
  guestClient,
  json,
  memberClient,
  RUSSIAN,
} from "#tests/factories/client";
import { serviceContext } from "#tests/factories/context";
import { scalar } from "#tests/factories/db";
import { createPublishedPost } from "#tests/factories/posts";
import { socketsClosedAfterEach } from "#tests/factories/sockets";
import { createUser, PASSWORD } from "#tests/factories/users";
import { createComment } from "#workers/core/comments/comments";
import { AppError } from "#workers/core/errors";
import { blockUser } from "#workers/core/moderation/sanctions";
import { createShout } from "#workers/core/shouts/shouts";

const DAY = 24 * 60 * 60 * 1000;
const socket = socketsClosedAfterEach();

type Role = "guest" | "member" | "target" | "moderator" | "admin";
type Kind = "member" | "moderator" | "admin";

async function clientAs(role: Exclude<Role, "target">): Promise<{ client: ApiClient; user: UserRow | null }> {
  if (role === "guest") return { client: await guestClient(), user: null };
  if (role === "member") return memberClient();
  if (role === "moderator") return memberClient({ isMod: true });
  return adminClient();
}

async function targetOf(kind: Kind): Promise<{ client: ApiClient; user: UserRow }> {
  return kind === "member" ? memberClient() : kind === "moderator" ? memberClient({ isMod: true }) : adminClient();
}

/** Decision 0024: who may ban, block and lift whom. */
function expected(role: Role, target: Kind): number {
  if (role === "guest") return 401;
  if (role === "member") return 403;
  if (role === "target") return 403;
  if (role === "moderator") return target === "member" ? 200 : 403;
  return target === "admin" ? 403 : 200;
}

const ACTIONS = [
  { name: "ban", body: { reason: "Спам в записках" } },
  { name: "block", body: { reason: "Оскорбления", days: 3 } },
  { name: "activate", body: undefined },
] as const;

describe("sanctions: every endpoint × guest, member, the target, moderator, admin", () => {
  for (const action of ACTIONS) {
    for (const kind of ["member", "moderator", "admin"] as const) {
      it(`${action.name} on a ${kind}`, async () => {
        for (const role of ["guest", "member", "target", "moderator", "admin"] as const) {
          const target = await targetOf(kind);
          // activate needs something to lift: the target is blocked first (directly, as an admin would).
          if (action.name === "activate") {
            const admin = await createUser({ isAdmin: true });
            if (kind !== "admin")
              await blockUser(await serviceContext(admin), target.user.id, { reason: "Тест", days: 1 });
            else await scalar("UPDATE users SET blocked_until = ? WHERE id = ?", Date.now() + DAY, target.user.id);
          }
          const { client } = role === "target" ? target : await clientAs(role);
          const res = await client.post(`/user/${target.user.id}/${action.name}/`, action.body);
          const want = expected(role, kind);
          expect(res.status, `${role} → ${action.name} ${kind}: ${await res.clone().text()}`).toBe(want);
          if (want !== 200) expect((await json<ErrorBody>(res)).detail).toMatch(RUSSIAN);
          else await res.body?.cancel();
        }
      });
    }
  }

  it("answers 404 for an unknown member, 400 with Russian field errors for bad input, 409 when nothing to lift", async () => {
    const { client } = await memberClient({ isMod: true });
    expect((await client.post("/user/999999999/ban/", { reason: "Спам" })).status).toBe(404);
    const { user } = await memberClient();
    for (const [body, field] of [
      [{}, "reason"],
      [{ reason: "  " }, "reason"],
      [{ reason: "я".repeat(501) }, "reason"],
      [{ reason: "Флуд" }, "days"],
      [{ reason: "Флуд", days: 0 }, "days"],
      [{ reason: "Флуд", days: 366 }, "days"],
      [{ reason: "Флуд", days: 1.5 }, "days"],
    ] as const) {
      const res = await client.post(`/user/${user.id}/block/`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = await json<ErrorBody>(res);
      expect(error.errors?.[field]?.[0], JSON.stringify(body)).toMatch(RUSSIAN);
    }
    expect(await scalar("SELECT count(*) FROM sanctions WHERE user_id = ?", user.id)).toBe(0);
    const lift = await client.post(`/user/${user.id}/activate/`);
    expect(lift.status).toBe(409);
    expect((await json<ErrorBody>(lift)).detail).toMatch(RUSSIAN);
  });
});

describe("a blocked member", () => {
  it("is blocked for the days asked, reads, signs in, and every write is refused with the reason and the end", async () => {
    const { client: mod, user: moderator } = await memberClient({ isMod: true });
    const { client, user } = await memberClient();
    const post = await createPublishedPost(await createUser());
    const res = await mod.post(`/user/${user.id}/block/`, { reason: "Оскорбления в комментариях", days: 3 });
    expect(res.status).toBe(200);
    const body = await json<{ days: number; is_banned: boolean; sanction: Record<string, unknown> }>(res);
    expect(body.days).toBe(3);
    expect(body.is_banned).toBe(true);
    expect(body.sanction).toMatchObject({ kind: "block", reason: "Оскорбления в комментариях", is_active: true });
    const end = new Date(body.sanction.datetime_end as string).getTime();
    expect(end - new Date(body.sanction.datetime_start as string).getTime()).toBe(3 * DAY);

    // Reads: the current user says is_banned; pages and lists answer.
    const me = await json<{ is_banned: boolean }>(await client.get("/user/me/"));
    expect(me.is_banned).toBe(true);
    expect((await client.get(`/post/${post.slug}/`)).status).toBe(200);

    // Writes: 403 naming the reason and the end date.
    const refused = await client.post("/comment/", { post_slug: post.slug, text: "Ещё раз скажу" });
    expect(refused.status).toBe(403);
    const detail = (await json<ErrorBody>(refused)).detail;
    expect(detail).toMatch(
      /^Вы заблокированы до \d{1,2} [а-я]+ \d{4} г\. в \d\d:\d\d \(мск\): Оскорбления в комментариях$/,
    );
    expect(await scalar("SELECT count(*) FROM comments WHERE user_id = ?", user.id)).toBe(0);

    // Still allowed: own settings, notifications, ignores.
    const themed = await client.patch("/user/me/", { theme: "lightside" });
    expect(themed.status).toBe(200);
    // The shape re-read from the row still says the member is blocked (the block lives in blocked_until).
    expect((await json<{ is_banned: boolean }>(themed)).is_banned).toBe(true);
    expect((await client.post(`/user/${moderator.id}/ignore/`)).status).toBe(200);

    // Signs in again (the old refusal of banned members is gone).
    const fresh = await guestClient();
    expect((await fresh.signIn(user.username, PASSWORD)).status).toBe(200);
    expect((await fresh.post("/comment/", { post_slug: post.slug, text: "Снова я" })).status).toBe(403);
  });

  it("a ban says «Вы забанены: …» and has no end; the profile shape and the list of sanctions follow", async () => {
    const { client: admin } = await adminClient();
    const { client, user } = await memberClient();
    const res = await admin.post(`/user/${user.id}/ban/`, { reason: "Мультиаккаунт" });
    const body = await json<{ days: null; sanction: { datetime_end: null } }>(res);
    expect(body.days).toBeNull();
    expect(body.sanction.datetime_end).toBeNull();
    const refused = await client.post("/user/invitations/", { days: 7 });
    expect(refused.status).toBe(403);
    expect((await json<ErrorBody>(refused)).detail).toBe("Вы забанены: Мультиаккаунт");
  });

  it("is lifted by itself when the end passes (the end time decides, no job)", async () => {
    const moderator = await createUser({ isMod: true });
    const member = await createUser();
    const start = Date.now();
    await blockUser(await serviceContext(moderator, () => new Date(start)), member.id, { reason: "Флуд", days: 1 });
    const during = await serviceContext(member, () => new Date(start + DAY - 60_000));
    expect(during.sanction?.kind).toBe("block");
    const error = await createShout(during, { text: "Можно?", files: [] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(403);
    expect((error as AppError).message).toMatch(/^Вы заблокированы до .*: Флуд$/);

    const after = await serviceContext(member, () => new Date(start + DAY + 1000));
    expect(after.sanction).toBeNull();
    expect(after.actor?.isBanned).toBe(false);
    const shout = await createShout(after, { text: "Я снова с вами", files: [] });
    expect(shout.id).toBeGreaterThan(0);
  });

  it("lifting early: activate records who lifted it; writes work again; every action is in the audit log", async () => {
    const { client: mod, user: moderator } = await memberClient({ isMod: true });
    const { client, user } = await memberClient();
    const post = await createPublishedPost(await createUser());
    await mod.post(`/user/${user.id}/block/`, { reason: "Флуд", days: 7 });
    // A new sanction replaces the running one.
    await mod.post(`/user/${user.id}/block/`, { reason: "Флуд продолжается", days: 30 });
    expect((await mod.post(`/user/${user.id}/activate/`)).status).toBe(200);
    expect((await client.post("/comment/", { post_slug: post.slug, text: "Спасибо" })).status).toBe(201);
    const rows = (
      await (
        await import("cloudflare:test")
      ).env.DB.prepare("SELECT reason, days, lifted_by_id, lifted_at FROM sanctions WHERE user_id = ? ORDER BY id")
        .bind(user.id)
        .all<{ reason: string; days: number; lifted_by_id: number; lifted_at: number }>()
    ).results;
    expect(rows.map((r) => [r.reason, r.days, r.lifted_by_id])).toEqual([
      ["Флуд", 7, moderator.id],
      ["Флуд продолжается", 30, moderator.id],
    ]);
    expect(rows.every((r) => r.lifted_at > 0)).toBe(true);
    const audit = (
      await (
        await import("cloudflare:test")
      ).env.DB.prepare("SELECT action, actor_id, reason FROM audit_log WHERE target_user_id = ? ORDER BY id")
        .bind(user.id)
        .all<{ action: string; actor_id: number; reason: string }>()
    ).results;
    expect(audit).toEqual([
      { action: "user.block", actor_id: moderator.id, reason: "Флуд" },
      { action: "user.block", actor_id: moderator.id, reason: "Флуд продолжается" },
      { action: "user.activate", actor_id: moderator.id, reason: "Флуд продолжается" },
    ]);
  });

  it("a ban is audited too, and a refused action writes nothing", async () => {
    const { client: mod } = await memberClient({ isMod: true });
    const { user: admin } = await adminClient();
    expect((await mod.post(`/user/${admin.id}/ban/`, { reason: "Попытка" })).status).toBe(403);
    expect(await scalar("SELECT count(*) FROM audit_log WHERE target_user_id = ?", admin.id)).toBe(0);
    const { user } = await memberClient();
    await mod.post(`/user/${user.id}/ban/`, { reason: "Спам-бот" });
    expect(await scalar("SELECT action FROM audit_log WHERE target_user_id = ?", user.id)).toBe("user.ban");
  });

  it("all the member's tabs hear block_updated with the reason, and again when it is lifted", async () => {
    const { client: mod } = await memberClient({ isMod: true });
    const { client, user } = await memberClient();
    const [tab1, tab2] = [await socket(client, { clientId: "tab-1" }), await socket(client, { clientId: "tab-2" })];
    const other = await socket(await guestClient());
    await mod.post(`/user/${user.id}/block/`, { reason: "Спойлеры без спойлера", days: 3 });
    for (const tab of [tab1, tab2]) {
      const event = await tab.event("block_updated", (o) => o.is_banned);
      expect(event.obj).toMatchObject({ id: user.id, sanction: { kind: "block", reason: "Спойлеры без спойлера" } });
    }
    await mod.post(`/user/${user.id}/activate/`);
    for (const tab of [tab1, tab2]) {
      const event = await tab.event("block_updated", (o) => !o.is_banned);
      expect(event.obj.sanction).toBeNull();
    }
    expect(other.has("block_updated")).toBe(false);
  });

  it("createComment from a page action is refused the same way (the guard is in the service)", async () => {
    const moderator = await createUser({ isMod: true });
    const member = await createUser();
    const post = await createPublishedPost(await createUser());
    await blockUser(await serviceContext(moderator), member.id, { reason: "Флуд", days: 1 });
    const error = await createComment(await serviceContext(member), { post_slug: post.slug, text: "Текст" }).catch(
      (e: unknown) => e,
    );
    expect((error as AppError).message).toMatch(/^Вы заблокированы до .*: Флуд$/);
  });
});
