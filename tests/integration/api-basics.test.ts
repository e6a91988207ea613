import { describe, expect, it } from "vitest";
import { ApiClient, type ErrorBody, guestClient, json, RUSSIAN } from "#tests/factories/client";

describe("GET /v1/openapi.json", () => {
  it("documents every account and config endpoint", async () => {
    const res = await new ApiClient().get("/openapi.json");
    expect(res.status).toBe(200);
    const doc = await json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>(res);
    expect(doc.openapi).toBe("3.1.0");
    const expected: [string, string][] = [
      ["/v1/user/csrf/", "get"],
      ["/v1/auth/sign-up/", "post"],
      ["/v1/auth/sign-in/", "post"],
      ["/v1/auth/sign-out/", "post"],
      ["/v1/auth/reset/", "post"],
      ["/v1/auth/set/{uid}/{token}/", "post"],
      ["/v1/user/me/", "get"],
      ["/v1/user/me/", "patch"],
      ["/v1/user/rename/", "patch"],
      ["/v1/user/{id}/", "get"],
      ["/v1/user/me/avatar/", "post"],
      ["/v1/user/me/avatar/", "delete"],
      ["/v1/user/me/background/", "post"],
      ["/v1/user/me/background/", "delete"],
      ["/v1/user/invitations/", "get"],
      ["/v1/user/invitations/", "post"],
      ["/v1/config/", "get"],
      ["/v1/config/", "patch"],
      ["/v1/config/menu/", "put"],
    ];
    for (const [path, method] of expected) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
  });
});

describe("API error shape", () => {
  it("an unknown address is a JSON 404", async () => {
    const res = await new ApiClient().get("/no-such-thing/");
    expect(res.status).toBe(404);
    expect((await json<ErrorBody>(res)).detail).toMatch(RUSSIAN);
  });

  it("paths work with and without the trailing slash", async () => {
    const client = new ApiClient();
    expect((await client.get("/config")).status).toBe(200);
    expect((await client.get("/config/")).status).toBe(200);
    expect((await client.get("/user/csrf")).status).toBe(200);
  });

  it("bad bodies on every JSON endpoint are 4xx with a Russian detail, never 500", async () => {
    const endpoints: [string, string][] = [
      ["POST", "/auth/sign-up/"],
      ["POST", "/auth/sign-in/"],
      ["POST", "/auth/reset/"],
      ["POST", "/auth/set/1/abc/"],
      ["PATCH", "/user/me/"],
      ["PATCH", "/user/rename/"],
      ["POST", "/user/invitations/"],
      ["PATCH", "/config/"],
      ["PUT", "/config/menu/"],
    ];
    const bodies: { body: string; type?: string }[] = [
      { body: "{not json", type: "application/json" },
      { body: '{"a":1}', type: "text/plain" },
      { body: "a=1&b=2", type: "application/x-www-form-urlencoded" },
      { body: '"just a string"', type: "application/json" },
      { body: "[1,2,3]", type: "application/json" },
      { body: "1e999", type: "application/json" },
      { body: `{"username":"${"я".repeat(150_000)}"}`, type: "application/json; charset=utf-8" },
      { body: "\u0000\u0001", type: "application/json" },
    ];
    for (const [method, path] of endpoints) {
      for (const { body, type } of bodies) {
        const client = await guestClient();
        const res = await client.request(method, path, { body, headers: type ? { "Content-Type": type } : {} });
        const label = `${method} ${path} ${type} ${body.slice(0, 20)}`;
        expect(res.status, label).toBeGreaterThanOrEqual(400);
        expect(res.status, label).toBeLessThan(500);
        expect((await json<ErrorBody>(res)).detail, label).toMatch(RUSSIAN);
      }
    }
  });
});
