import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { json, memberClient } from "#tests/factories/client";
import { openSocket, socketsClosedAfterEach } from "#tests/factories/sockets";

const socket = socketsClosedAfterEach();

function upgrade(origin: string) {
  return SELF.fetch("http://localhost/ws/", { headers: { Upgrade: "websocket", Origin: origin } });
}

describe("the /ws/ door checks Origin", () => {
  const refused = [
    "null",
    "not a url",
    "http://",
    "http://[::1",
    "https://localhost",
    "http://localhost.evil.example",
    "http://evil.example",
    "http://localhost:8787",
    "file://",
    "%",
  ];
  for (const origin of refused) {
    it(`refuses Origin ${JSON.stringify(origin)} with a 403, not a 500`, async () => {
      const res = await upgrade(origin);
      expect(res.status).toBe(403);
      expect(res.webSocket).toBeNull();
      expect((await json(res)).detail).toBe("Подключение с чужого сайта запрещено.");
    });
  }

  it("lets this site's pages in (and clients that send no Origin)", async () => {
    const { client } = await memberClient();
    const s = await socket(client, { origin: "http://localhost" });
    await s.ping();
    const t = await socket(client);
    await t.ping();
  });

  it("a refused upgrade opens no socket for the member", async () => {
    const { client } = await memberClient();
    await expect(openSocket(client, { origin: "null" })).rejects.toThrow(/403/);
  });
});
