import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { type ErrorBody, guestClient, json, memberClient, RUSSIAN } from "#tests/factories/client";
import { eventually, mediaKeys, scalar } from "#tests/factories/db";
import { CORRUPT_PNG, fileForm, isWebp, JPEG_6X4, PNG_6X4 } from "#tests/factories/images";

type Me = { avatar: { tiny: string; small: string; big: string }; background_url: string | null };

async function objectBytes(key: string): Promise<Uint8Array> {
  const object = await env.MEDIA.get(key);
  if (!object) throw new Error(`no object ${key}`);
  return new Uint8Array(await object.arrayBuffer());
}

describe("POST/DELETE /v1/user/me/avatar/", () => {
  it("stores tiny/small/big WebP variants in R2 and returns their URLs", async () => {
    const { client, user } = await memberClient();
    const res = await client.request("POST", "/user/me/avatar/", { body: fileForm(PNG_6X4) });
    expect(res.status).toBe(200);
    const me = await json<Me>(res);
    const keys = await mediaKeys(`avatars/${user.id}/`);
    expect(keys).toHaveLength(3);
    for (const size of ["tiny", "small", "big"] as const) {
      expect(me.avatar[size]).toMatch(new RegExp(`^/media/avatars/${user.id}/[A-Za-z0-9_-]+-\\d+\\.webp$`));
      const key = me.avatar[size].slice("/media/".length);
      expect(keys).toContain(key);
      expect(isWebp(await objectBytes(key))).toBe(true);
      expect((await env.MEDIA.head(key))?.httpMetadata?.contentType).toBe("image/webp");
    }
    expect(new Set(Object.values(me.avatar)).size).toBe(3);
    const avatarKey = await scalar<string>("SELECT avatar_key FROM users WHERE id = ?", user.id);
    expect(me.avatar.tiny).toContain(avatarKey);
    expect((await json<Me>(await client.get("/user/me/"))).avatar).toEqual(me.avatar);
    // The public profile shows it too.
    expect((await json<Me>(await client.get(`/user/${user.id}/`))).avatar).toEqual(me.avatar);
  });

  it("accepts JPEG and the `avatar` field name; a new avatar replaces the old objects", async () => {
    const { client, user } = await memberClient();
    await client.request("POST", "/user/me/avatar/", { body: fileForm(PNG_6X4) });
    const first = await mediaKeys(`avatars/${user.id}/`);
    const res = await client.request("POST", "/user/me/avatar/", {
      body: fileForm(JPEG_6X4, "photo.jpg", "image/jpeg", "avatar"),
    });
    expect(res.status).toBe(200);
    await eventually(async () => (await mediaKeys(`avatars/${user.id}/`)).every((k) => !first.includes(k)));
    expect(await mediaKeys(`avatars/${user.id}/`)).toHaveLength(3);
  });

  it("DELETE removes the variants and restores the default avatar", async () => {
    const { client, user } = await memberClient();
    const uploaded = await json<Me>(await client.request("POST", "/user/me/avatar/", { body: fileForm(PNG_6X4) }));
    const res = await client.delete("/user/me/avatar/");
    expect(res.status).toBe(200);
    const me = await json<Me>(res);
    expect(me.avatar.tiny).not.toBe(uploaded.avatar.tiny);
    expect(me.avatar.tiny).not.toMatch(/^\/media\//);
    expect(await scalar("SELECT avatar_key FROM users WHERE id = ?", user.id)).toBeNull();
    await eventually(async () => (await mediaKeys(`avatars/${user.id}/`)).length === 0);
    // Deleting again is harmless.
    expect((await client.delete("/user/me/avatar/")).status).toBe(200);
  });

  it("415 for non-image bytes with an image name, nothing stored", async () => {
    const { client, user } = await memberClient();
    const bytes = new TextEncoder().encode("<?php echo 'это не картинка'; ?>");
    const res = await client.request("POST", "/user/me/avatar/", { body: fileForm(bytes, "evil.png", "image/png") });
    expect(res.status).toBe(415);
    const err = await json<ErrorBody>(res);
    expect(err.detail).toMatch(RUSSIAN);
    expect(err.errors?.avatar?.[0]).toMatch(RUSSIAN);
    expect(await mediaKeys(`avatars/${user.id}/`)).toEqual([]);
    expect(await scalar("SELECT avatar_key FROM users WHERE id = ?", user.id)).toBeNull();
  });

  it("413 for a file over 5 MB, nothing stored", async () => {
    const { client, user } = await memberClient();
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG_6X4);
    const res = await client.request("POST", "/user/me/avatar/", { body: fileForm(big) });
    expect(res.status).toBe(413);
    expect((await json<ErrorBody>(res)).detail).toMatch(/5 МБ/);
    expect(await mediaKeys(`avatars/${user.id}/`)).toEqual([]);
  });

  it("400 for a corrupt PNG, nothing stored, and uploads still work afterwards", async () => {
    const { client, user } = await memberClient();
    const res = await client.request("POST", "/user/me/avatar/", { body: fileForm(CORRUPT_PNG) });
    expect(res.status).toBe(400);
    expect((await json<ErrorBody>(res)).errors?.avatar?.[0]).toMatch(/повреждён/);
    expect(await mediaKeys(`avatars/${user.id}/`)).toEqual([]);
    const truncated = await client.request("POST", "/user/me/avatar/", { body: fileForm(PNG_6X4.slice(0, 40)) });
    expect(truncated.status).toBe(400);
    expect(await mediaKeys(`avatars/${user.id}/`)).toEqual([]);
    expect((await client.request("POST", "/user/me/avatar/", { body: fileForm(PNG_6X4) })).status).toBe(200);
  });

  it("400 for a missing or empty file, 415 for a JSON body", async () => {
    const { client, user } = await memberClient();
    const empty = new FormData();
    expect((await client.request("POST", "/user/me/avatar/", { body: empty })).status).toBe(400);
    const text = new FormData();
    text.append("file", "не файл");
    expect((await client.request("POST", "/user/me/avatar/", { body: text })).status).toBe(400);
    expect((await client.request("POST", "/user/me/avatar/", { body: fileForm(new Uint8Array(0)) })).status).toBe(400);
    const asJson = await client.post("/user/me/avatar/", { file: "data:image/png;base64,AAAA" });
    expect(asJson.status).toBe(415);
    const broken = await client.request("POST", "/user/me/avatar/", {
      body: "--x\r\nnot really multipart",
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
    });
    expect(broken.status).toBe(400);
    expect(await mediaKeys(`avatars/${user.id}/`)).toEqual([]);
  });

  it("a guest gets 401 and nothing is stored", async () => {
    const guest = await guestClient();
    expect((await guest.request("POST", "/user/me/avatar/", { body: fileForm(PNG_6X4) })).status).toBe(401);
    expect((await guest.delete("/user/me/avatar/")).status).toBe(401);
    expect(await mediaKeys("avatars/")).not.toContainEqual(expect.stringMatching(/^avatars\/undefined/));
  });
});

describe("POST/DELETE /v1/user/me/background/", () => {
  it("stores a WebP background and DELETE removes it", async () => {
    const { client, user } = await memberClient();
    const res = await client.request("POST", "/user/me/background/", {
      body: fileForm(JPEG_6X4, "bg.jpg", "image/jpeg"),
    });
    expect(res.status).toBe(200);
    const me = await json<Me>(res);
    expect(me.background_url).toMatch(new RegExp(`^/media/backgrounds/${user.id}/[A-Za-z0-9_-]+\\.webp$`));
    const key = me.background_url!.slice("/media/".length);
    expect(isWebp(await objectBytes(key))).toBe(true);
    expect((await json<Me>(await client.get(`/user/${user.id}/`))).background_url).toBe(me.background_url);

    const second = await json<Me>(await client.request("POST", "/user/me/background/", { body: fileForm(PNG_6X4) }));
    expect(second.background_url).not.toBe(me.background_url);
    await eventually(async () => (await mediaKeys(`backgrounds/${user.id}/`)).length === 1);

    const removed = await client.delete("/user/me/background/");
    expect(removed.status).toBe(200);
    expect((await json<Me>(removed)).background_url).toBeNull();
    expect(await scalar("SELECT background_key FROM users WHERE id = ?", user.id)).toBeNull();
    await eventually(async () => (await mediaKeys(`backgrounds/${user.id}/`)).length === 0);
  });

  it("refuses bad files with 415/413/400 and leaves nothing", async () => {
    const { client, user } = await memberClient();
    const notImage = await client.request("POST", "/user/me/background/", {
      body: fileForm(new TextEncoder().encode("просто текст"), "bg.jpg", "image/jpeg"),
    });
    expect(notImage.status).toBe(415);
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set(JPEG_6X4);
    expect(
      (await client.request("POST", "/user/me/background/", { body: fileForm(big, "bg.jpg", "image/jpeg") })).status,
    ).toBe(413);
    const corrupt = await client.request("POST", "/user/me/background/", { body: fileForm(CORRUPT_PNG) });
    expect(corrupt.status).toBe(400);
    expect((await json<ErrorBody>(corrupt)).errors?.background?.[0]).toMatch(RUSSIAN);
    expect(await mediaKeys(`backgrounds/${user.id}/`)).toEqual([]);
    expect(await scalar("SELECT background_key FROM users WHERE id = ?", user.id)).toBeNull();
  });

  it("a guest gets 401", async () => {
    const guest = await guestClient();
    expect((await guest.request("POST", "/user/me/background/", { body: fileForm(PNG_6X4) })).status).toBe(401);
    expect((await guest.delete("/user/me/background/")).status).toBe(401);
  });
});
