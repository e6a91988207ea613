import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { SW_URL, SW_VERSION } from "#app/lib/push";
import { pushSubscriptions, type UserRow } from "#drizzle/schema";
import { type ErrorBody, guestClient, json, memberClient, RUSSIAN } from "#tests/factories/client";
import { db, eventually, scalar } from "#tests/factories/db";
import { openSocket, type TestSocket } from "#tests/factories/sockets";
import { createUser } from "#tests/factories/users";
import { pushToAwayMember } from "#workers/core/push/push";
import { MAX_PUSH_FAILURES, MAX_SUBSCRIPTIONS_PER_MEMBER } from "#workers/core/push/push.schemas";
import { getPushKey } from "#workers/core/push/subscriptions";
import { buildRequestContext } from "#workers/platform/context";
import { readVars } from "#workers/platform/env";
import { DEV_VAPID_PUBLIC_KEY, encryptPushPayload, type PushPayload, readVapid } from "#workers/platform/push";
import { isUserOnline } from "#workers/realtime/presence";
import swSource from "../../public/sw.js?raw";

// ─── an independent RFC 8188 / RFC 8291 / RFC 8292 implementation (WebCrypto only, nothing from the app) ────────

const utf8 = new TextEncoder();

function b64url(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  return btoa(String.fromCharCode(...view))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

function unb64url(text: string): Uint8Array<ArrayBuffer> {
  const plain = text.replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(plain + "=".repeat((4 - (plain.length % 4)) % 4)), (c) => c.charCodeAt(0));
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** RFC 5869 HKDF-SHA-256 through WebCrypto's own HKDF (the library under test computes it with HMAC by hand). */
async function hkdf(
  salt: Uint8Array,
  ikm: Uint8Array,
  info: Uint8Array,
  length: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const key = await crypto.subtle.importKey("raw", concat(ikm), "HKDF", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits(
    { name: "HKDF", hash: "SHA-256", salt: concat(salt), info: concat(info) },
    key,
    length * 8,
  );
  return new Uint8Array(bits);
}

/** A browser's side of a push subscription: an ECDH P-256 key pair and a 16-byte auth secret (RFC 8291 §2). */
async function newSubscriber(endpoint = `https://push.example.test/wpush/v2/${crypto.randomUUID()}`) {
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
    "deriveBits",
  ])) as CryptoKeyPair;
  const publicKey = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  const auth = crypto.getRandomValues(new Uint8Array(16));
  return {
    endpoint,
    privateKey: pair.privateKey,
    publicKey,
    auth,
    json: { endpoint, expirationTime: null, keys: { p256dh: b64url(publicKey), auth: b64url(auth) } },
    row: { endpoint, p256dh: b64url(publicKey), auth: b64url(auth) },
  };
}
type Subscriber = Awaited<ReturnType<typeof newSubscriber>>;

/** Decrypts an aes128gcm body (RFC 8188 §2) with the keys of RFC 8291 §3.3–3.4, as a browser does. */
async function decryptPush(body: Uint8Array, subscriber: Pick<Subscriber, "privateKey" | "publicKey" | "auth">) {
  // Header: salt (16) | rs (uint32) | idlen (1) | keyid (idlen) — the keyid is the sender's ephemeral key.
  const salt = body.slice(0, 16);
  const rs = new DataView(body.buffer, body.byteOffset + 16, 4).getUint32(0);
  const idlen = body[20];
  const asPublic = body.slice(21, 21 + idlen);
  const records = body.slice(21 + idlen);
  expect(idlen).toBe(65);
  expect(asPublic[0]).toBe(0x04);
  expect(rs).toBeGreaterThanOrEqual(18);

  const asKey = await crypto.subtle.importKey("raw", asPublic, { name: "ECDH", namedCurve: "P-256" }, false, []);
  const ecdhSecret = new Uint8Array(
    await crypto.subtle.deriveBits({ name: "ECDH", public: asKey }, subscriber.privateKey, 256),
  );
  const keyInfo = concat(utf8.encode("WebPush: info\0"), subscriber.publicKey, asPublic);
  const ikm = await hkdf(subscriber.auth, ecdhSecret, keyInfo, 32);
  const cek = await hkdf(salt, ikm, utf8.encode("Content-Encoding: aes128gcm\0"), 16);
  const baseNonce = await hkdf(salt, ikm, utf8.encode("Content-Encoding: nonce\0"), 12);
  const aes = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);

  const plain: Uint8Array[] = [];
  const count = Math.ceil(records.length / rs);
  for (let seq = 0; seq < count; seq++) {
    const record = records.slice(seq * rs, (seq + 1) * rs);
    // The nonce of record SEQ is the base nonce XOR SEQ as a 96-bit big-endian number (RFC 8188 §2.3).
    const nonce = baseNonce.slice();
    const tail = new DataView(nonce.buffer, 4, 8);
    tail.setBigUint64(0, tail.getBigUint64(0) ^ BigInt(seq));
    const padded = new Uint8Array(
      await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce, tagLength: 128 }, aes, record),
    );
    // Trailing zero padding, then the delimiter: 0x02 in the last record, 0x01 in the others (RFC 8188 §2).
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    expect(padded[end]).toBe(seq === count - 1 ? 0x02 : 0x01);
    plain.push(padded.slice(0, end));
  }
  return JSON.parse(new TextDecoder().decode(concat(...plain))) as unknown;
}

/** Splits `Authorization: vapid t=<jwt>, k=<key>` (RFC 8292 §3) and checks the ES256 signature with k. */
async function verifyVapid(authorization: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization);
  expect(match).not.toBeNull();
  const [, jwt, k] = match!;
  const [header, claims, signature] = jwt.split(".");
  const key = await crypto.subtle.importKey("raw", unb64url(k), { name: "ECDSA", namedCurve: "P-256" }, false, [
    "verify",
  ]);
  const valid = await crypto.subtle.verify(
    { name: "ECDSA", hash: "SHA-256" },
    key,
    unb64url(signature),
    utf8.encode(`${header}.${claims}`),
  );
  return {
    valid,
    k,
    header: JSON.parse(new TextDecoder().decode(unb64url(header))) as Record<string, unknown>,
    claims: JSON.parse(new TextDecoder().decode(unb64url(claims))) as { aud: string; exp: number; sub: string },
  };
}

// ─── helpers ────────────────────────────────────────────────────────────────────────────────────────────────

const payload: PushPayload = {
  notification_id: 42,
  title: "Лисичка ответила на ваш комментарий",
  body: "«Согласна, вторая часть лучше» — и ещё 3 ответа 🔥",
  url: "/posts/vtoraya-chast#comment-7",
};

function vapid() {
  const config = readVapid(readVars(env));
  if (!config) throw new Error("the development VAPID keys from wrangler.toml are missing");
  return config;
}

/** A push service that records requests and answers with the given statuses, one per request (the last repeats). */
function pushService(...statuses: (number | Error)[]) {
  const requests: { url: string; headers: Headers; body: Uint8Array }[] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push({ url: request.url, headers: request.headers, body: new Uint8Array(await request.arrayBuffer()) });
    const status = statuses[Math.min(requests.length - 1, statuses.length - 1)] ?? 201;
    if (status instanceof Error) throw status;
    return new Response(status >= 400 ? "push service says no" : null, { status });
  }) as typeof fetch;
  return { fetcher, requests };
}

/** A service context whose background work can be awaited. */
async function pushContext() {
  const pending: Promise<unknown>[] = [];
  const ctx = await buildRequestContext(new Request("http://localhost/"), env, { waitUntil: (p) => pending.push(p) });
  return { ctx, settled: () => Promise.all(pending) };
}

async function subscribe(user: Pick<UserRow, "id">, subscriber: Subscriber, failureCount = 0) {
  await db()
    .insert(pushSubscriptions)
    .values({ userId: user.id, ...subscriber.row, failureCount });
}

function rowOf(endpoint: string) {
  return db().query.pushSubscriptions.findFirst({ where: eq(pushSubscriptions.endpoint, endpoint) });
}

const sockets: TestSocket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});

// ─── the API ────────────────────────────────────────────────────────────────────────────────────────────────

describe("GET /v1/push/key/", () => {
  it("gives the VAPID public key to anyone", async () => {
    const res = await (await guestClient()).get("/push/key/");
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ public_key: env.VAPID_PUBLIC_KEY });
    expect(unb64url(env.VAPID_PUBLIC_KEY)).toHaveLength(65);
  });

  it("is a 404 while push is not configured, and the development key pair is refused in production", () => {
    const vars = readVars(env);
    expect(() => getPushKey({ vars: { ...vars, VAPID_PRIVATE_KEY: undefined } })).toThrow(
      expect.objectContaining({ code: "not_found", message: expect.stringMatching(RUSSIAN) }),
    );
    expect(readVapid({ ...vars, VAPID_SUBJECT: undefined })).toBeNull();
    expect(vars.VAPID_PUBLIC_KEY).toBe(DEV_VAPID_PUBLIC_KEY);
    expect(readVapid({ ...vars, ENVIRONMENT: "production" })).toBeNull();
  });

  it("is described in the OpenAPI document", async () => {
    const doc = await json<{ paths: Record<string, unknown> }>(
      await SELF.fetch("http://localhost/api/v1/openapi.json"),
    );
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/v1/push/key/", "/v1/push/subscription/"]));
  });
});

describe("POST and DELETE /v1/push/subscription/", () => {
  it("answers 401 to guests", async () => {
    const guest = await guestClient();
    const subscriber = await newSubscriber();
    for (const res of [
      await guest.post("/push/subscription/", subscriber.json),
      await guest.request("DELETE", "/push/subscription/", { json: { endpoint: subscriber.endpoint } }),
    ]) {
      expect(res.status).toBe(401);
      expect((await json<ErrorBody>(res)).detail).toMatch(RUSSIAN);
    }
    expect(await scalar("SELECT count(*) FROM push_subscriptions WHERE endpoint = ?", subscriber.endpoint)).toBe(0);
  });

  it("refuses an endpoint that is not https and keys of the wrong length, in Russian", async () => {
    const { client, user } = await memberClient();
    const good = (await newSubscriber()).json;
    const cases: [unknown, string][] = [
      [{ ...good, endpoint: "http://push.example.test/x" }, "endpoint"],
      [{ ...good, endpoint: "https://127.0.0.1/x" }, "endpoint"],
      [{ ...good, endpoint: "https://localhost/x" }, "endpoint"],
      [{ ...good, endpoint: "не ссылка" }, "endpoint"],
      [{ ...good, endpoint: undefined }, "endpoint"],
      [{ ...good, keys: { ...good.keys, p256dh: b64url(new Uint8Array(64).fill(4)) } }, "keys.p256dh"],
      // 65 bytes, but not an uncompressed point (no 0x04 first).
      [{ ...good, keys: { ...good.keys, p256dh: b64url(new Uint8Array(65).fill(7)) } }, "keys.p256dh"],
      [{ ...good, keys: { ...good.keys, p256dh: "не base64" } }, "keys.p256dh"],
      [{ ...good, keys: { ...good.keys, auth: b64url(new Uint8Array(12)) } }, "keys.auth"],
      [{ ...good, keys: { p256dh: good.keys.p256dh } }, "keys.auth"],
      [{ endpoint: good.endpoint }, "keys"],
    ];
    for (const [body, field] of cases) {
      const res = await client.post("/push/subscription/", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = await json<ErrorBody>(res);
      expect(error.errors?.[field]?.[0], `${field} of ${JSON.stringify(body)}`).toMatch(RUSSIAN);
      expect(error.detail).toMatch(RUSSIAN);
    }
    expect(await scalar("SELECT count(*) FROM push_subscriptions WHERE user_id = ?", user.id)).toBe(0);
  });

  it("stores a subscription, updates it by endpoint, and hands a shared browser over to the member now signed in", async () => {
    const { client: first, user: firstUser } = await memberClient();
    const subscriber = await newSubscriber();
    const res = await first.post("/push/subscription/", subscriber.json, { headers: { "User-Agent": "Firefox/140" } });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ endpoint: subscriber.endpoint, is_subscribed: true });
    expect(await rowOf(subscriber.endpoint)).toMatchObject({
      userId: firstUser.id,
      p256dh: subscriber.row.p256dh,
      auth: subscriber.row.auth,
      userAgent: "Firefox/140",
      failureCount: 0,
    });

    // The same browser, new keys (padded base64url is accepted and stored unpadded).
    const renewed = await newSubscriber(subscriber.endpoint);
    await db()
      .update(pushSubscriptions)
      .set({ failureCount: 3 })
      .where(eq(pushSubscriptions.endpoint, subscriber.endpoint));
    const padded = { ...renewed.json, keys: { p256dh: `${renewed.row.p256dh}=`, auth: `${renewed.row.auth}==` } };
    expect((await first.post("/push/subscription/", padded)).status).toBe(200);
    expect(await rowOf(subscriber.endpoint)).toMatchObject({
      userId: firstUser.id,
      p256dh: renewed.row.p256dh,
      auth: renewed.row.auth,
      failureCount: 0,
    });

    const { client: second, user: secondUser } = await memberClient();
    expect((await second.post("/push/subscription/", renewed.json)).status).toBe(200);
    expect(await rowOf(subscriber.endpoint)).toMatchObject({ userId: secondUser.id });
    expect(await scalar("SELECT count(*) FROM push_subscriptions WHERE endpoint = ?", subscriber.endpoint)).toBe(1);
  });

  it(`keeps the newest ${MAX_SUBSCRIPTIONS_PER_MEMBER} devices of a member`, async () => {
    const { client, user } = await memberClient();
    const endpoints: string[] = [];
    for (let i = 0; i <= MAX_SUBSCRIPTIONS_PER_MEMBER; i++) {
      const subscriber = await newSubscriber();
      endpoints.push(subscriber.endpoint);
      expect((await client.post("/push/subscription/", subscriber.json)).status).toBe(200);
    }
    expect(await scalar("SELECT count(*) FROM push_subscriptions WHERE user_id = ?", user.id)).toBe(
      MAX_SUBSCRIPTIONS_PER_MEMBER,
    );
    expect(await rowOf(endpoints[0])).toBeUndefined();
    expect(await rowOf(endpoints.at(-1)!)).toBeDefined();
  });

  it("deletes only one's own subscription, and is idempotent", async () => {
    const { client: owner, user } = await memberClient();
    const { client: other } = await memberClient();
    const subscriber = await newSubscriber();
    await subscribe(user, subscriber);

    const foreign = await other.request("DELETE", "/push/subscription/", { json: { endpoint: subscriber.endpoint } });
    expect(foreign.status).toBe(200);
    expect(await rowOf(subscriber.endpoint)).toMatchObject({ userId: user.id });

    const bad = await owner.request("DELETE", "/push/subscription/", { json: {} });
    expect(bad.status).toBe(400);
    expect((await json<ErrorBody>(bad)).errors?.endpoint?.[0]).toMatch(RUSSIAN);

    for (let i = 0; i < 2; i++) {
      const res = await owner.request("DELETE", "/push/subscription/", { json: { endpoint: subscriber.endpoint } });
      expect(res.status).toBe(200);
      expect(await json(res)).toEqual({ endpoint: subscriber.endpoint, is_subscribed: false });
    }
    expect(await rowOf(subscriber.endpoint)).toBeUndefined();
  });

  it("wants the CSRF token like every unsafe request", async () => {
    const { client } = await memberClient();
    const res = await client.post("/push/subscription/", (await newSubscriber()).json, { csrf: false });
    expect(res.status).toBe(403);
  });
});

// ─── encryption, checked by the independent implementation above ───────────────────────────────────────────────

describe("encryptPushPayload", () => {
  it("encrypts per RFC 8291 (aes128gcm) so that a subscriber can decrypt the JSON", async () => {
    const subscriber = await newSubscriber();
    const request = await encryptPushPayload(subscriber.row, payload, vapid());
    expect(request.endpoint).toBe(subscriber.endpoint);
    expect(request.method).toBe("POST");
    expect(request.headers["Content-Encoding"]).toBe("aes128gcm");
    expect(request.headers["Content-Type"]).toBe("application/octet-stream");
    expect(request.headers.TTL).toBe("86400");
    expect(request.headers.Urgency).toBe("normal");
    // One record, within the 4096 octets every push service must accept (RFC 8291 §4).
    expect(request.body.length).toBeLessThanOrEqual(4096);
    expect(await decryptPush(request.body, subscriber)).toEqual(payload);
  });

  it("uses a fresh salt and sender key each time, and nobody else can decrypt it", async () => {
    const subscriber = await newSubscriber();
    const a = await encryptPushPayload(subscriber.row, payload, vapid(), { ttl: 60, urgency: "high" });
    const b = await encryptPushPayload(subscriber.row, payload, vapid());
    expect(a.headers.TTL).toBe("60");
    expect(a.headers.Urgency).toBe("high");
    expect(b64url(a.body.slice(0, 86))).not.toBe(b64url(b.body.slice(0, 86)));
    expect(await decryptPush(b.body, subscriber)).toEqual(payload);
    const stranger = await newSubscriber();
    await expect(decryptPush(a.body, { ...subscriber, auth: stranger.auth })).rejects.toThrow();
    await expect(decryptPush(a.body, { ...stranger, publicKey: subscriber.publicKey })).rejects.toThrow();
  });

  it("signs a VAPID JWT (ES256) for the endpoint's origin, valid for at most 24 hours", async () => {
    const subscriber = await newSubscriber("https://fcm.example.test:8443/fcm/send/abc?x=1");
    const config = vapid();
    const request = await encryptPushPayload(subscriber.row, payload, config);
    const jwt = await verifyVapid(request.headers.Authorization);
    expect(jwt.valid).toBe(true);
    expect(jwt.k).toBe(env.VAPID_PUBLIC_KEY);
    expect(jwt.header).toMatchObject({ alg: "ES256", typ: "JWT" });
    expect(jwt.claims.aud).toBe("https://fcm.example.test:8443");
    expect(jwt.claims.sub).toBe(env.VAPID_SUBJECT);
    const now = Math.floor(Date.now() / 1000);
    expect(jwt.claims.exp).toBeGreaterThan(now);
    expect(jwt.claims.exp).toBeLessThanOrEqual(now + 24 * 60 * 60);

    // Another key pair signs a JWT that verifies with its own k, and not with the site's.
    const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
      "sign",
      "verify",
    ])) as CryptoKeyPair;
    const other = {
      publicKey: b64url((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer),
      privateKey: ((await crypto.subtle.exportKey("jwk", pair.privateKey)) as JsonWebKey).d!,
      subject: config.subject,
    };
    const foreign = await encryptPushPayload(subscriber.row, payload, other);
    expect((await verifyVapid(foreign.headers.Authorization)).valid).toBe(true);
    const foreignJwt = foreign.headers.Authorization.slice("vapid t=".length).split(",")[0];
    expect((await verifyVapid(`vapid t=${foreignJwt}, k=${config.publicKey}`)).valid).toBe(false);
  });
});

// ─── sending ──────────────────────────────────────────────────────────────────────────────────────────────────

describe("pushToAwayMember", () => {
  it("does not push while the member has a tab open, and pushes once they have none", async () => {
    const { client, user } = await memberClient();
    const subscriber = await newSubscriber();
    await subscribe(user, subscriber);
    const service = pushService(201);

    const socket = await openSocket(client);
    sockets.push(socket);
    expect(await isUserOnline(env, readVars(env).REALTIME_SHARDS, user.id)).toBe(true);
    const online = await pushContext();
    expect(pushToAwayMember(online.ctx, user.id, payload, { fetch: service.fetcher })).toBeUndefined();
    await online.settled();
    expect(service.requests).toHaveLength(0);

    socket.close();
    await eventually(async () => !(await isUserOnline(env, readVars(env).REALTIME_SHARDS, user.id)));
    const away = await pushContext();
    pushToAwayMember(away.ctx, user.id, payload, { fetch: service.fetcher });
    await away.settled();
    expect(service.requests).toHaveLength(1);
    const [sent] = service.requests;
    expect(sent.url).toBe(subscriber.endpoint);
    expect(sent.headers.get("Content-Encoding")).toBe("aes128gcm");
    expect(sent.headers.get("TTL")).toBe("86400");
    expect(sent.headers.get("Urgency")).toBe("normal");
    expect((await verifyVapid(sent.headers.get("Authorization") ?? "")).valid).toBe(true);
    expect(await decryptPush(sent.body, subscriber)).toEqual(payload);
    const row = await rowOf(subscriber.endpoint);
    expect(row?.lastSuccessAt).toBeInstanceOf(Date);
    expect(row?.failureCount).toBe(0);
  });

  it("pushes to every device, deletes subscriptions that answer 404 or 410 and counts other failures", async () => {
    const user = await createUser();
    const gone = await newSubscriber();
    const missing = await newSubscriber();
    const failing = await newSubscriber();
    const unreachable = await newSubscriber();
    const worn = await newSubscriber();
    await subscribe(user, gone);
    await subscribe(user, missing);
    await subscribe(user, failing, 2);
    await subscribe(user, unreachable);
    await subscribe(user, worn, MAX_PUSH_FAILURES - 1);
    const byEndpoint = new Map<string, number | Error>([
      [gone.endpoint, 410],
      [missing.endpoint, 404],
      [failing.endpoint, 503],
      [unreachable.endpoint, new TypeError("Network connection lost.")],
      [worn.endpoint, 429],
    ]);
    const requests: string[] = [];
    const fetcher = (async (input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input);
      requests.push(url);
      const answer = byEndpoint.get(url) ?? 201;
      if (answer instanceof Error) throw answer;
      return new Response("", { status: answer });
    }) as typeof fetch;

    const { ctx, settled } = await pushContext();
    pushToAwayMember(ctx, user.id, payload, { fetch: fetcher });
    await settled();
    expect(requests.sort()).toEqual([...byEndpoint.keys()].sort());
    expect(await rowOf(gone.endpoint)).toBeUndefined();
    expect(await rowOf(missing.endpoint)).toBeUndefined();
    expect(await rowOf(failing.endpoint)).toMatchObject({ failureCount: 3, lastSuccessAt: null });
    expect(await rowOf(unreachable.endpoint)).toMatchObject({ failureCount: 1 });
    expect(await rowOf(worn.endpoint)).toBeUndefined();
  });

  it("keeps the payload small and its URL on the site", async () => {
    const user = await createUser();
    const subscriber = await newSubscriber();
    await subscribe(user, subscriber);
    const service = pushService(201);
    const { ctx, settled } = await pushContext();
    pushToAwayMember(
      ctx,
      user.id,
      { notification_id: 7, title: "Ж".repeat(500), body: "Щ\n".repeat(3000), url: "https://evil.example/phish" },
      { fetch: service.fetcher },
    );
    await settled();
    const sent = (await decryptPush(service.requests[0].body, subscriber)) as PushPayload;
    expect(sent.notification_id).toBe(7);
    expect(sent.url).toBe("/");
    expect(sent.title.length).toBeLessThanOrEqual(150);
    expect(sent.body.length).toBeLessThanOrEqual(600);
    expect(sent.body).not.toContain("\n");
  });

  it("never throws: no subscriptions, a member that does not exist, broken stored keys", async () => {
    const service = pushService(201);
    const { ctx, settled } = await pushContext();
    pushToAwayMember(ctx, 999_999_999, payload, { fetch: service.fetcher });
    const user = await createUser();
    const broken = await newSubscriber();
    await db()
      .insert(pushSubscriptions)
      .values({ userId: user.id, endpoint: broken.endpoint, p256dh: "AAAA", auth: broken.row.auth });
    pushToAwayMember(ctx, user.id, payload, { fetch: service.fetcher });
    await settled();
    expect(service.requests).toHaveLength(0);
    expect(await rowOf(broken.endpoint)).toMatchObject({ failureCount: 1 });
  });
});

// ─── the service worker ─────────────────────────────────────────────────────────────────────────────────────────

describe("public/sw.js", () => {
  it("carries the version the client registers it with", () => {
    const version = /^const VERSION = "([^"]+)";$/m.exec(swSource)?.[1];
    expect(version).toBe(SW_VERSION);
    expect(SW_URL).toBe(`/sw.js?v=${SW_VERSION}`);
  });

  it("shows a notification on push and sends clicks to the page or opens ?notification=<id>", () => {
    for (const needle of [
      'addEventListener("push"',
      "showNotification(",
      'addEventListener("notificationclick"',
      'type: "notification-click"',
      'searchParams.set("notification"',
      "openWindow(",
    ]) {
      expect(swSource).toContain(needle);
    }
  });
});
