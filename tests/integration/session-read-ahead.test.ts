import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions, users } from "#drizzle/schema";
import { countingD1, db } from "#tests/factories/db";
import { createSessionFor, createUser } from "#tests/factories/users";
import worker from "#workers/app";
import { rawBatch } from "#workers/core/comments/d1";
import { buildRequestContext } from "#workers/platform/context";
import { SESSION_COOKIE } from "#workers/platform/cookies";
import { readSession } from "#workers/platform/session";

/** A member's page through the Worker, on a D1 that counts its round trips (statements per trip). */
async function memberPage(token: string, path = "/") {
  const { d1, trips } = countingD1();
  const ctx = createExecutionContext();
  const request = new Request(`http://localhost${path}`, { headers: { Cookie: `${SESSION_COOKIE}=${token}` } });
  const response = await worker.fetch(
    request as Request<unknown, IncomingRequestCfProperties>,
    { ...env, DB: d1 },
    ctx,
  );
  const html = await response.text();
  await waitOnExecutionContext(ctx);
  return { status: response.status, html, trips };
}

function readRequest(token: string): Request {
  return new Request("http://localhost/", { headers: { Cookie: `${SESSION_COOKIE}=${token}` } });
}

describe("a member's page reads the session with the page's own reads (docs/decisions/0042)", () => {
  it("the second view of a session takes one D1 round trip less: the session goes in the page's batch", async () => {
    const member = await createUser();
    const token = await createSessionFor(member);
    const first = await memberPage(token);
    const second = await memberPage(token);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    for (const view of [first, second]) expect(view.html).toContain(member.username);
    // First: the session alone, then the page. Then: the page's batch with the session's read in it.
    expect(first.trips[0]).toBe(1);
    expect(second.trips).toHaveLength(first.trips.length - 1);
    expect(second.trips[0]).toBe((first.trips[1] ?? 0) + 1);
  });

  it("a session revoked since is never served: the page is rendered again, for a guest", async () => {
    const member = await createUser();
    const token = await createSessionFor(member);
    expect((await memberPage(token)).html).toContain(member.username);
    await db().delete(sessions).where(eq(sessions.userId, member.id));
    const after = await memberPage(token);
    expect(after.status).toBe(200);
    expect(after.html).not.toContain(member.username);
    expect(after.html).toContain('href="/auth/sign-in"');
  });

  it("a member changed since (renamed, banned) is rendered from the fresh row", async () => {
    const member = await createUser();
    const token = await createSessionFor(member);
    expect((await memberPage(token)).html).toContain(member.username);
    const renamed = `${member.username}_новое`;
    await db().update(users).set({ username: renamed }).where(eq(users.id, member.id));
    const after = await memberPage(token);
    expect(after.html).toContain(renamed);
    expect(after.html).not.toContain(`${member.username}<`);

    await db().update(users).set({ isBanned: true }).where(eq(users.id, member.id));
    const banned = await memberPage(token);
    expect(banned.html).toContain("Вы забанены");
    // That view began from the remembered row, then read the session on its own to render again.
    expect(banned.trips[0]).toBeGreaterThan(1);
    expect(banned.trips.indexOf(1)).toBeGreaterThan(0);
    // A sanctioned member's session is read before the page every time (the notice comes with it).
    expect((await memberPage(token)).trips[0]).toBe(1);
  });

  it("a write waits for the session's check and fails, unwritten, when the session was revoked", async () => {
    const member = await createUser();
    const token = await createSessionFor(member);
    const waitUntil = () => {};
    // The first read remembers the session; the next one starts from it.
    await buildRequestContext(readRequest(token), env, { waitUntil }, { readAhead: true });
    const live = await buildRequestContext(readRequest(token), env, { waitUntil }, { readAhead: true });
    await live.db.update(users).set({ avatarKey: "avatars/live.webp" }).where(eq(users.id, member.id));
    expect(await live.verifySession()).toBe(true);

    const ahead = await buildRequestContext(readRequest(token), env, { waitUntil }, { readAhead: true });
    expect(ahead.actor?.id).toBe(member.id);
    await db().delete(sessions).where(eq(sessions.userId, member.id));
    await expect(
      ahead.db.update(users).set({ avatarKey: "avatars/after.webp" }).where(eq(users.id, member.id)),
    ).rejects.toThrow();
    await expect(
      rawBatch(ahead, [sql`UPDATE users SET avatar_key = 'avatars/raw.webp' WHERE id = ${member.id}`]),
    ).rejects.toThrow();
    expect(await ahead.verifySession()).toBe(false);
    const [row] = await db().select({ avatarKey: users.avatarKey }).from(users).where(eq(users.id, member.id));
    expect(row?.avatarKey).toBe("avatars/live.webp");
  });

  it("another reader of the session (the realtime connection) leaves the remembered row as it is", async () => {
    const member = await createUser();
    const token = await createSessionFor(member);
    const first = await memberPage(token);
    expect(await readSession(db(), token, new Date())).toMatchObject({ user: { id: member.id } });
    const second = await memberPage(token);
    expect(second.trips).toHaveLength(first.trips.length - 1);
  });

  it("a mutation reads the session itself and forgets the remembered row", async () => {
    const member = await createUser();
    const token = await createSessionFor(member);
    const waitUntil = () => {};
    await buildRequestContext(readRequest(token), env, { waitUntil }, { readAhead: true });
    const post = new Request("http://localhost/", {
      method: "POST",
      headers: { Cookie: `${SESSION_COOKIE}=${token}` },
    });
    const mutation = await buildRequestContext(post, env, { waitUntil }, { readAhead: true });
    expect(mutation.actor?.id).toBe(member.id);
    // The next read is a fresh one again: its session is read on its own, before the page.
    const { trips } = await memberPage(token);
    expect(trips[0]).toBe(1);
  });
});
