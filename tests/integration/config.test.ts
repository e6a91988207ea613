import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  ApiClient,
  adminClient,
  type ErrorBody,
  guestClient,
  json,
  memberClient,
  RUSSIAN,
} from "#tests/factories/client";
import { scalar } from "#tests/factories/db";

const MENU_ITEM = {
  title: "Новости",
  url: "/news",
  is_external: false,
  is_disabled: false,
  is_special: true,
  is_desktop: true,
  is_toolbar: true,
  is_toolbar_more: false,
  is_mobile: false,
  is_footer: true,
  color: "#ff8800",
  icon_style: { type: "fas", icon: "newspaper" },
};

type Config = Record<string, unknown> & { site_name: string; menu_items: Record<string, unknown>[] };

describe("GET /v1/config/", () => {
  it("gives a guest the flags with their defaults, the site name and the menu", async () => {
    const res = await new ApiClient().get("/config/");
    expect(res.status).toBe(200);
    const config = await json<Config>(res);
    expect(config).toEqual({
      site_name: "Костёр",
      menu_items: expect.any(Array),
      is_sign_up_invitation_only: false,
      is_paw_down_enabled: false,
      is_paw_view_enabled: false,
      is_one_hour_edit_enabled: true,
      is_email_activation_required: false,
      new_member_days: 0,
      new_member_daily_limit: 20,
      new_member_interval_seconds: 30,
    });
    // The default menu from the migrations, every item with every field of the config form.
    expect(config.menu_items.length).toBe(await scalar("SELECT count(*) FROM menu_items"));
    for (const item of config.menu_items) expect(Object.keys(item).sort()).toEqual(Object.keys(MENU_ITEM).sort());
  });
});

describe("PATCH /v1/config/", () => {
  it("an admin changes the site name and flags; others keep their values", async () => {
    const { client } = await adminClient();
    const res = await client.patch("/config/", { site_name: "  Новый костёр ", is_paw_down_enabled: true });
    expect(res.status).toBe(200);
    const config = await json<Config>(res);
    expect(config).toMatchObject({
      site_name: "Новый костёр",
      is_paw_down_enabled: true,
      is_one_hour_edit_enabled: true,
    });
    const second = await json<Config>(await client.patch("/config/", { is_one_hour_edit_enabled: false }));
    expect(second).toMatchObject({
      site_name: "Новый костёр",
      is_paw_down_enabled: true,
      is_one_hour_edit_enabled: false,
    });
    expect(await json(await new ApiClient().get("/config/"))).toEqual(second);
    expect(await scalar("SELECT value FROM site_settings WHERE key = 'is_one_hour_edit_enabled'")).toBe("false");
    // Restore for the other tests of this file.
    await env.DB.prepare("DELETE FROM site_settings").run();
  });

  it("a member gets 403, a guest 401, and nothing changes", async () => {
    const { client: member } = await memberClient({ isMod: true });
    const memberRes = await member.patch("/config/", { is_sign_up_invitation_only: true });
    expect(memberRes.status).toBe(403);
    expect((await json<ErrorBody>(memberRes)).detail).toMatch(RUSSIAN);
    expect((await (await guestClient()).patch("/config/", { is_sign_up_invitation_only: true })).status).toBe(401);
    const { client: banned } = await memberClient({ isAdmin: true, isBanned: true });
    expect((await banned.patch("/config/", { is_sign_up_invitation_only: true })).status).toBe(403);
    expect(await scalar("SELECT count(*) FROM site_settings")).toBe(0);
  });

  it("refuses wrong values, unknown keys and wrong types with Russian errors", async () => {
    const { client } = await adminClient();
    const bodies: unknown[] = [
      { site_name: "" },
      { site_name: "x".repeat(61) },
      { site_name: 5 },
      { is_paw_down_enabled: "да" },
      { is_paw_down_enabled: 1 },
      { menu_items: [] },
      { unknown_flag: true },
      [],
      null,
    ];
    for (const body of bodies) {
      const res = await client.patch("/config/", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const err = await json<ErrorBody>(res);
      expect(err.detail).toMatch(RUSSIAN);
      for (const messages of Object.values(err.errors ?? {})) for (const m of messages) expect(m).toMatch(RUSSIAN);
    }
    const text = await client.request("PATCH", "/config/", {
      body: "site_name=x",
      headers: { "Content-Type": "text/plain" },
    });
    expect(text.status).toBe(415);
    const broken = await client.request("PATCH", "/config/", {
      body: "{",
      headers: { "Content-Type": "application/json" },
    });
    expect(broken.status).toBe(400);
    expect(await scalar("SELECT count(*) FROM site_settings")).toBe(0);
  });
});

describe("PUT /v1/config/menu/", () => {
  it("an admin replaces the whole menu in the given order, with defaults filled in", async () => {
    const { client } = await adminClient();
    const res = await client.put("/config/menu/", {
      menu_items: [MENU_ITEM, { title: "Дискорд", url: "https://discord.example/invite", is_external: true }],
    });
    expect(res.status).toBe(200);
    const config = await json<Config>(res);
    expect(config.menu_items).toEqual([
      MENU_ITEM,
      {
        title: "Дискорд",
        url: "https://discord.example/invite",
        is_external: true,
        is_disabled: false,
        is_special: false,
        is_desktop: true,
        is_toolbar: false,
        is_toolbar_more: false,
        is_mobile: true,
        is_footer: false,
        color: null,
        icon_style: null,
      },
    ]);
    expect((await json<Config>(await new ApiClient().get("/config/"))).menu_items).toEqual(config.menu_items);

    const replaced = await json<Config>(
      await client.put("/config/menu/", { menu_items: [{ title: "Главная", url: "/" }] }),
    );
    expect(replaced.menu_items.map((m) => m.title)).toEqual(["Главная"]);
    expect(await scalar("SELECT count(*) FROM menu_items")).toBe(1);
    expect((await json<Config>(await client.put("/config/menu/", { menu_items: [] }))).menu_items).toEqual([]);
    expect(await scalar("SELECT count(*) FROM menu_items")).toBe(0);
  });

  it("a bad item rejects the whole menu and keeps the old one", async () => {
    const { client } = await adminClient();
    await client.put("/config/menu/", { menu_items: [MENU_ITEM] });
    const bodies: unknown[] = [
      { menu_items: [MENU_ITEM, { title: "", url: "/x" }] },
      { menu_items: [{ title: "Зло", url: "javascript:alert(1)" }] },
      { menu_items: [{ ...MENU_ITEM, color: "red" }] },
      { menu_items: [{ ...MENU_ITEM, icon_style: { type: "svg", icon: "x" } }] },
      { menu_items: [{ ...MENU_ITEM, is_toolbar: "yes" }] },
      { menu_items: Array.from({ length: 51 }, () => ({ title: "Пункт", url: "/p" })) },
      { menu_items: "all" },
      {},
    ];
    for (const body of bodies) {
      const res = await client.put("/config/menu/", body);
      expect(res.status, JSON.stringify(body).slice(0, 100)).toBe(400);
      const err = await json<ErrorBody>(res);
      expect(err.detail).toMatch(RUSSIAN);
      for (const messages of Object.values(err.errors ?? {})) for (const m of messages) expect(m).toMatch(RUSSIAN);
    }
    expect(await scalar("SELECT count(*) FROM menu_items")).toBe(1);
    expect(await scalar("SELECT title FROM menu_items")).toBe(MENU_ITEM.title);
  });

  it("a member gets 403, a guest 401, and the menu stays", async () => {
    const before = await scalar("SELECT count(*) FROM menu_items");
    const { client } = await memberClient();
    expect((await client.put("/config/menu/", { menu_items: [] })).status).toBe(403);
    expect((await (await guestClient()).put("/config/menu/", { menu_items: [] })).status).toBe(401);
    expect(await scalar("SELECT count(*) FROM menu_items")).toBe(before);
  });
});
