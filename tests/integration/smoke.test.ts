import { SELF } from "cloudflare:test";
import { expect, it } from "vitest";

it("serves the config", async () => {
  const res = await SELF.fetch("http://localhost/api/v1/config/");
  expect(res.status).toBe(200);
  const body = await res.json<Record<string, unknown>>();
  expect(body.is_one_hour_edit_enabled).toBe(true);
});
