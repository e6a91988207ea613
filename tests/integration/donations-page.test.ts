import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { adminClient, guestClient, memberClient } from "#tests/factories/client";
import { eventually } from "#tests/factories/db";

const DONATE = "http://localhost/donate";

/** Intl's no-break spaces as plain ones, React's text separators out: the page as a reader sees its text. */
function readable(html: string): string {
  return html.replace(/[\u00a0\u202f]/g, " ").replaceAll("<!-- -->", "");
}

async function guestPage(): Promise<{ html: string; cache: string | null }> {
  const res = await SELF.fetch(DONATE);
  expect(res.status).toBe(200);
  return { html: readable(await res.text()), cache: res.headers.get("X-Page-Cache") };
}

describe("/donate", () => {
  it("shows the goal as a progress bar with values, the donations with names, roubles, plain messages and dates", async () => {
    const { client: admin } = await adminClient();
    const { user: member } = await memberClient();
    const marker = crypto.randomUUID().slice(0, 8);
    expect((await admin.patch("/donation/goal/", { goal_rub: "40000" })).status).toBe(200);
    await admin.post("/donation/", {
      provider: "boosty",
      amount_rub: "1 234,50",
      username: member.username,
      message: `<img src=x onerror=alert(1)> ${marker}`,
      donated_at: "2026-11-02",
    });
    await admin.post("/donation/", { provider: "bank", amount_rub: "700", name: "", message: `аноним ${marker}` });
    const { html } = await guestPage();
    expect(html).toMatch(/role="progressbar"[^>]*aria-valuemin="0"[^>]*aria-valuemax="100"[^>]*aria-valuenow="\d+"/);
    expect(html).toContain("из 40 000 ₽");
    expect(html).toContain(member.username);
    expect(html).toContain("1 234,5 ₽");
    expect(html).toContain("700 ₽");
    expect(html).toContain(`&lt;img src=x onerror=alert(1)&gt; ${marker}`);
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("2 ноября 2026");
    expect(html).toContain("Аноним");
    expect(html).toContain("Меценаты года");
  });

  it("is cached for guests and dropped from the cache by a new donation; a member sees their payment code", async () => {
    await guestPage();
    expect((await guestPage()).cache).toBe("HIT");
    const { client: admin } = await adminClient();
    const name = `Меценат ${crypto.randomUUID().slice(0, 6)}`;
    expect((await admin.post("/donation/", { provider: "other", amount_rub: "300", name })).status).toBe(201);
    await eventually(async () => (await guestPage()).html.includes(name));

    const { client, user } = await memberClient();
    const res = await client.request("GET", DONATE);
    const html = readable(await res.text());
    expect(res.headers.get("X-Page-Cache")).toBeNull();
    expect(html).toContain(`user:${user.id}`);
    expect((await guestPage()).html).not.toContain(`user:${user.id}`);
  });

  it("GET /v1/donation/ is paged", async () => {
    const guest = await guestClient();
    const res = await guest.get("/donation/?page=abc");
    expect(res.status).toBe(400);
  });
});
