// The sign-in providers the Worker talks to, as one real local server (started by vitest.config.ts for workerd
// tests and by scripts/e2e.mjs for browser tests): oauth2-mock-server (a real OAuth 2.0 / OpenID Connect
// provider: discovery, JWKS, authorization code with PKCE — a wrong code_verifier is refused —, signed tokens,
// userinfo) stands in for VK ID, Yandex ID, Twitch, Discord and Google; next to it, on the same port, Steam's
// OpenID 2.0 endpoint (checkid_setup and check_authentication), Steam's GetPlayerSummaries, Twitch's Helix
// EventSub calls and an avatar picture.
//
// Who signs in: the authorize request may carry test_sub, test_name, test_email, test_verified=1 and
// test_broken=1 (a profile without its fields) and test_error=<code> (workerd tests add them to the URL); without them the next identity queued with
// POST /__next (browser tests) is used, else a default one per client.
import { createHmac, randomUUID } from "node:crypto";
import { deflateSync } from "node:zlib";
import { createServer } from "node:http";
import { Events, OAuth2Issuer, OAuth2Service } from "oauth2-mock-server";

/** The client ids the Worker is given for each provider (their secrets are `<id>-secret`). */
export const TEST_CLIENTS = {
  VK: "vk-test-client",
  YANDEX: "yandex-test-client",
  TWITCH: "twitch-test-client",
  DISCORD: "discord-test-client",
  GOOGLE: "google-test-client",
};
export const TEST_STEAM_API_KEY = "TESTSTEAMKEY0001";
export const TEST_EVENTSUB_SECRET = "test-eventsub-secret-0123";

/** A 16×16 orange PNG for avatars. */
function avatarPng() {
  const crc = (buf) => {
    let c;
    const table = [];
    for (let n = 0; n < 256; n++) {
      c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
    let x = 0xffffffff;
    for (const b of buf) x = table[(x ^ b) & 0xff] ^ (x >>> 8);
    return (x ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const size = 16;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const rows = [];
  for (let y = 0; y < size; y++)
    rows.push(Buffer.from([0, ...Array.from({ length: size }, () => [255, 120, 0]).flat()]));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function jwtPayload(header) {
  const token = String(header ?? "").replace(/^(Bearer|OAuth)\s+/i, "");
  try {
    return JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString("utf8"));
  } catch {
    return {};
  }
}

export async function startOAuthProvider(port = 0) {
  // The library's issuer and service on our own http server, so it can be unref'd (test runs exit on their own).
  const oauthIssuer = new OAuth2Issuer();
  await oauthIssuer.keys.generate("RS256");
  const service = new OAuth2Service(oauthIssuer);
  const server = createServer(service.requestHandler);
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  server.unref();
  const issuer = `http://127.0.0.1:${server.address().port}`;
  oauthIssuer.url = issuer;
  /** code → identity; sub → identity. */
  const byCode = new Map();
  const bySub = new Map();
  const queue = [];
  const steamAssertions = new Map();
  const helixCalls = [];

  const identityFrom = (query) => {
    if (query.test_sub || query.test_error) {
      return {
        sub: query.test_sub,
        name: query.test_name ?? "",
        email: query.test_email ?? "",
        verified: query.test_verified === "1",
        avatar: query.test_avatar === "1",
        broken: query.test_broken === "1",
        error: query.test_error,
      };
    }
    if (queue.length) return queue.shift();
    return { sub: `default-${query.client_id ?? "steam"}`, name: "Тестовый Игрок", email: "", verified: false };
  };

  service.on(Events.BeforeAuthorizeRedirect, (redirect, req) => {
    const identity = identityFrom(req.query);
    const code = redirect.url.searchParams.get("code");
    if (identity.error) {
      redirect.url.searchParams.delete("code");
      redirect.url.searchParams.set("error", identity.error);
      return;
    }
    byCode.set(code, identity);
    bySub.set(identity.sub, identity);
  });

  service.on(Events.BeforeTokenSigning, (token, req) => {
    const identity = byCode.get(req.body?.code);
    if (identity) token.payload.sub = identity.sub;
    if (req.body?.client_id) token.payload.client_id = req.body.client_id;
  });

  /** The profile in each provider's own shape, chosen by the client id the token was issued to. */
  const profile = (authorization) => {
    const claims = jwtPayload(authorization);
    const identity = bySub.get(claims.sub) ?? { sub: claims.sub, name: "", email: "", verified: false };
    // A provider answering without the fields a profile needs (test_broken=1).
    if (identity.broken) return { unexpected: true };
    const avatar = identity.avatar ? `${issuer}/avatar.png` : null;
    const email = identity.email || null;
    switch (claims.client_id) {
      case TEST_CLIENTS.VK: {
        const [first, ...last] = identity.name.split(" ");
        return { user: { user_id: identity.sub, first_name: first, last_name: last.join(" "), avatar, email } };
      }
      case TEST_CLIENTS.YANDEX:
        return { id: identity.sub, login: identity.name, display_name: identity.name, default_email: email };
      case TEST_CLIENTS.TWITCH:
        return {
          data: [
            {
              id: identity.sub,
              login: identity.name.toLowerCase(),
              display_name: identity.name,
              profile_image_url: avatar,
              email,
            },
          ],
        };
      case TEST_CLIENTS.DISCORD:
        return {
          id: identity.sub,
          username: identity.name,
          global_name: identity.name,
          avatar: null,
          email,
          verified: identity.verified,
        };
      default:
        return { sub: identity.sub, name: identity.name, picture: avatar, email, email_verified: identity.verified };
    }
  };
  service.on(Events.BeforeUserinfo, (response, req) => {
    response.body = profile(req.headers.authorization);
  });
  // VK ID asks for the profile with a POST.
  service.addRoute("POST", "/userinfo", (req, res) => {
    const body = JSON.stringify(profile(`Bearer ${req.body?.access_token ?? ""}`));
    res.writeHead(200, { "Content-Type": "application/json" }).end(body);
  });

  service.addRoute("POST", "/__next", (req, res) => {
    queue.push({ name: "", email: "", verified: false, ...req.body });
    res.writeHead(204).end();
  });

  // Steam OpenID 2.0. checkid_setup signs an assertion (HMAC with a key only this server knows) and sends the
  // browser back; check_authentication says is_valid:true once per assertion whose signature holds.
  const steamKey = randomUUID();
  const steamEndpoint = `${issuer}/steam/login`;
  const steamSign = (fields, signed) =>
    createHmac("sha256", steamKey)
      .update(signed.map((k) => `${k}:${fields[`openid.${k}`]}\n`).join(""))
      .digest("base64");
  service.addRoute("GET", "/steam/login", (req, res) => {
    const q = req.query;
    const returnTo = String(q["openid.return_to"] ?? "");
    const target = new URL(returnTo);
    const identity = identityFrom({ ...q, test_sub: q.test_steamid, client_id: "steam" });
    if (identity.error) {
      target.searchParams.set("openid.ns", "http://specs.openid.net/auth/2.0");
      target.searchParams.set("openid.mode", "cancel");
      res.writeHead(302, { Location: target.href }).end();
      return;
    }
    const steamId = /^\d{17}$/.test(identity.sub ?? "") ? identity.sub : "76561190000000001";
    bySub.set(steamId, identity);
    const claimed = `https://steamcommunity.com/openid/id/${steamId}`;
    const fields = {
      "openid.ns": "http://specs.openid.net/auth/2.0",
      "openid.mode": "id_res",
      "openid.op_endpoint": steamEndpoint,
      "openid.claimed_id": claimed,
      "openid.identity": claimed,
      "openid.return_to": returnTo,
      "openid.response_nonce": `${new Date().toISOString().slice(0, 19)}Z${randomUUID().slice(0, 8)}`,
      "openid.assoc_handle": "1234567890",
    };
    const signed = ["signed", "op_endpoint", "claimed_id", "identity", "return_to", "response_nonce", "assoc_handle"];
    fields["openid.signed"] = signed.slice(1).join(",");
    const sig = steamSign(fields, signed.slice(1));
    fields["openid.sig"] = sig;
    steamAssertions.set(sig, false);
    for (const [k, v] of Object.entries(fields)) target.searchParams.set(k, v);
    res.writeHead(302, { Location: target.href }).end();
  });
  service.addRoute("POST", "/steam/login", (req, res) => {
    const body = req.body ?? {};
    const signed = String(body["openid.signed"] ?? "").split(",");
    const sig = String(body["openid.sig"] ?? "");
    const valid =
      body["openid.mode"] === "check_authentication" &&
      steamAssertions.get(sig) === false &&
      steamSign(body, signed) === sig;
    if (valid) steamAssertions.set(sig, true);
    res
      .writeHead(200, { "Content-Type": "text/plain" })
      .end(`ns:http://specs.openid.net/auth/2.0\nis_valid:${valid}\n`);
  });
  service.addRoute("GET", "/steam/api/ISteamUser/GetPlayerSummaries/v2", (req, res) => {
    const id = String(req.query.steamids ?? "");
    const identity = bySub.get(id);
    const players =
      req.query.key === TEST_STEAM_API_KEY && identity
        ? [
            {
              steamid: id,
              personaname: identity.name,
              avatarfull: identity.avatar ? `${issuer}/avatar.png` : undefined,
            },
          ]
        : [];
    res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ response: { players } }));
  });

  // Twitch Helix EventSub (the app token comes from /token, client credentials).
  service.addRoute("POST", "/helix/eventsub/subscriptions", (req, res) => {
    const ok = /^Bearer \S+/.test(req.headers.authorization ?? "") && req.headers["client-id"] === TEST_CLIENTS.TWITCH;
    if (!ok) return res.writeHead(401).end();
    const id = randomUUID();
    helixCalls.push({ method: "POST", id, body: req.body });
    res
      .writeHead(202, { "Content-Type": "application/json" })
      .end(JSON.stringify({ data: [{ id, status: "webhook_callback_verification_pending", ...req.body }] }));
  });
  service.addRoute("DELETE", "/helix/eventsub/subscriptions", (req, res) => {
    helixCalls.push({ method: "DELETE", id: req.query.id });
    res.writeHead(204).end();
  });
  service.addRoute("GET", "/__helix", (_req, res) => {
    res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(helixCalls));
  });
  const png = avatarPng();
  service.addRoute("GET", "/avatar.png", (_req, res) => {
    res.writeHead(200, { "Content-Type": "image/png", "Content-Length": png.length }).end(png);
  });

  return {
    issuer,
    /** The Worker's variables that point every provider here. */
    vars: {
      VK_CLIENT_ID: TEST_CLIENTS.VK,
      VK_CLIENT_SECRET: `${TEST_CLIENTS.VK}-secret`,
      VK_OAUTH_ISSUER: issuer,
      YANDEX_CLIENT_ID: TEST_CLIENTS.YANDEX,
      YANDEX_CLIENT_SECRET: `${TEST_CLIENTS.YANDEX}-secret`,
      YANDEX_OAUTH_ISSUER: issuer,
      TWITCH_CLIENT_ID: TEST_CLIENTS.TWITCH,
      TWITCH_CLIENT_SECRET: `${TEST_CLIENTS.TWITCH}-secret`,
      TWITCH_OAUTH_ISSUER: issuer,
      TWITCH_API_URL: `${issuer}/helix`,
      TWITCH_EVENTSUB_SECRET: TEST_EVENTSUB_SECRET,
      DISCORD_CLIENT_ID: TEST_CLIENTS.DISCORD,
      DISCORD_CLIENT_SECRET: `${TEST_CLIENTS.DISCORD}-secret`,
      DISCORD_OAUTH_ISSUER: issuer,
      GOOGLE_CLIENT_ID: TEST_CLIENTS.GOOGLE,
      GOOGLE_CLIENT_SECRET: `${TEST_CLIENTS.GOOGLE}-secret`,
      GOOGLE_OAUTH_ISSUER: issuer,
      STEAM_API_KEY: TEST_STEAM_API_KEY,
      STEAM_OPENID_URL: steamEndpoint,
      STEAM_API_URL: `${issuer}/steam/api`,
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
