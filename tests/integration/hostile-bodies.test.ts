import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { adminClient, type ApiClient, memberClient, RUSSIAN } from "#tests/factories/client";
import { createCommentRow } from "#tests/factories/comments";
import { createPublishedPost } from "#tests/factories/posts";
import { createShoutCommentRow, createShoutRow } from "#tests/factories/shouts";
import { cleanText } from "#workers/core/shared/text";

/**
 * Walks the OpenAPI document (generated from the services' zod schemas) and sends every unsafe route bad input,
 * as a signed-in member and as the admin, each with a valid CSRF token. Every answer must be a 4xx with a
 * Russian `detail` and must leave every table as it was. Routes that read a body get bad bodies with path
 * parameters naming real rows; routes that read none get bad path parameters (with a bad body besides), as a
 * body they never read cannot be wrong. A new route is covered as soon as it is in the document.
 */

type Schema = { type?: string | string[]; properties?: Record<string, Schema>; enum?: unknown[] };
type Operation = {
  requestBody?: { content: Record<string, { schema: Schema }> };
  parameters?: { name: string; in: string }[];
};
type Route = { method: string; path: string; op: Operation };
type Payload = { name: string; body: BodyInit; type: string; changes?: "allowed" };

const UNSAFE = ["post", "put", "patch", "delete"];
/** Forbidden characters of every kind `cleanText` drops (a lone surrogate reaches the server through JSON's \ud800). */
const DIRTY = "\u0000\u0008\u001b\uFFFE\uD800\u007F";
const MB = 1024 * 1024;

/**
 * Routes that take neither a body nor a path parameter: there is nothing of theirs to get wrong (they ignore a
 * body). They must still never fail on one; they are sent one, by a throwaway client, and must not answer 5xx.
 */
const NOTHING_TO_READ = new Set([
  "PATCH /v1/notification/view-all/",
  "POST /v1/auth/sign-out/",
  "POST /v1/user/sessions/revoke-others/",
  "DELETE /v1/user/me/avatar/",
  "DELETE /v1/user/me/background/",
  "POST /v1/search/reindex/",
]);

/**
 * Routes whose admin call starts work in the background (the search reindex through the jobs queue rewrites the
 * search tables while later routes are checked): only a member calls them here, and is refused.
 */
const ADMIN_STARTS_BACKGROUND_WORK = new Set(["POST /v1/search/reindex/"]);

/** Tables (and columns) every request may touch: rate-limit counters, a session's last use, a member's last visit. */
const VOLATILE_TABLES = new Set(["rate_limits", "d1_migrations"]);
const VOLATILE_COLUMNS = new Set(["last_used_at", "last_seen_at"]);

async function tableNames(): Promise<string[]> {
  const rows = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY name",
  ).all<{ name: string }>();
  return rows.results.map((r) => r.name).filter((name) => !VOLATILE_TABLES.has(name));
}

/** Every row of every table (volatile columns left out), one string per table. */
async function snapshot(tables: string[]): Promise<Map<string, string>> {
  const results = await env.DB.batch(tables.map((t) => env.DB.prepare(`SELECT * FROM "${t}"`)));
  const rowText = (row: unknown) =>
    JSON.stringify(Object.entries(row as object).filter(([column]) => !VOLATILE_COLUMNS.has(column)));
  // Sorted in JS: some tables (FTS5's) have no rowid to order by.
  return new Map(tables.map((t, i) => [t, results[i].results.map(rowText).sort().join("\n")]));
}

function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after.keys()].filter((t) => before.get(t) !== after.get(t));
}

/** Text values in the database that are not clean text (see cleanText: multi-line is the lenient reading). */
async function dirtyValues(tables: string[]): Promise<string[]> {
  const out: string[] = [];
  const results = await env.DB.batch(tables.map((t) => env.DB.prepare(`SELECT * FROM "${t}"`)));
  results.forEach((result, i) => {
    for (const row of result.results) {
      for (const [column, value] of Object.entries(row as object)) {
        if (typeof value === "string" && cleanText(value, true) !== value)
          out.push(`${tables[i]}.${column}: ${JSON.stringify(value)}`);
      }
    }
  });
  return out;
}

const types = (s: Schema) => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

/** A value of a type the property does not take. */
function wrongValue(s: Schema): unknown {
  const t = types(s);
  if (s.enum) return 12345;
  if (t.includes("string")) return { строка: "нет" };
  if (t.includes("integer") || t.includes("number")) return "много";
  if (t.includes("boolean")) return "может быть";
  if (t.includes("array")) return "не список";
  if (t.includes("object")) return 5;
  return Symbol.for("none");
}

function stringProps(s: Schema): string[] {
  return Object.entries(s.properties ?? {})
    .filter(([, p]) => types(p).includes("string") && !p.enum)
    .map(([name]) => name);
}

const json = (value: unknown): Payload => ({ name: "", body: JSON.stringify(value), type: "application/json" });

/** The bad bodies for one route (from its JSON body schema when it has one). */
function payloads(schema: Schema | undefined, multipart: boolean): Payload[] {
  const props = Object.keys(schema?.properties ?? {});
  const strings = schema ? stringProps(schema) : [];
  const first = props[0] ?? "x";
  const deep = `${"[".repeat(1000)}${"]".repeat(1000)}`;
  const list: Payload[] = [
    { name: "malformed JSON", body: `{"${first}": "значение",`, type: "application/json" },
    { name: "JSON with a wrong content type", body: `{"${first}": "значение"}`, type: "text/plain" },
    { ...json([{ [first]: "значение" }]), name: "an array instead of an object" },
    { ...json("строка"), name: "a string instead of an object" },
    { ...json(42), name: "a number instead of an object" },
    { name: "nested 1000 levels deep", body: `{"${first}":${deep}}`, type: "application/json" },
    {
      name: "an array nested 100000 levels deep",
      body: `${"[".repeat(100_000)}${"]".repeat(100_000)}`,
      type: "application/json",
    },
    { ...json({ [first]: "я".repeat(MB) }), name: "a 1 MB string" },
  ];
  if (schema?.properties) {
    list.push({
      ...json(Object.fromEntries(Object.entries(schema.properties).map(([k, p]) => [k, wrongValue(p)]))),
      name: "every field of a wrong type",
    });
    list.push({
      ...json({ ...Object.fromEntries(props.map((k) => [k, null])), [`${first}${DIRTY}`]: 1 }),
      name: "nulls and an unknown key",
    });
  }
  if (strings.length) {
    // Long but under the API's size limit, so each field's own limit answers.
    const long = "я".repeat(Math.floor(350_000 / strings.length));
    list.push({ ...json(Object.fromEntries(strings.map((k) => [k, long]))), name: "strings of 350 KB" });
    list.push({
      ...json(Object.fromEntries(strings.map((k) => [k, DIRTY]))),
      name: "strings of control characters only",
      // Cleaned to empty strings, which some fields accept (an empty title): judged by what is stored.
      changes: "allowed",
    });
  }
  if (multipart) {
    list.push({ name: "a broken multipart body", body: "--x\r\nнеправильно", type: "multipart/form-data; boundary=x" });
  }
  return list;
}

/** Path parameters that name nothing, or cannot be read. */
const BAD_PARAMS = [
  "0",
  "-1",
  "9".repeat(40),
  "1.5",
  "x".repeat(3000),
  "..%2F..%2Fadmin",
  "%00%1B%EF%BF%BE",
  "%D0",
  "null",
];

describe("hostile bodies on every unsafe route of the OpenAPI document", () => {
  it("answers 4xx with a Russian detail and changes nothing, for a member and for the admin", {
    timeout: 300_000,
  }, async () => {
    const doc = (await (await SELF.fetch("http://localhost/api/v1/openapi.json")).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    const routes: Route[] = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([method]) => UNSAFE.includes(method))
        .map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
    );
    expect(routes.length).toBeGreaterThan(30);

    const { client: member, user } = await memberClient();
    const { client: admin } = await adminClient();
    const post = await createPublishedPost(user);
    const comment = await createCommentRow(post, user);
    const shout = await createShoutRow(user);
    const shoutComment = await createShoutCommentRow(shout, user);
    /** Real rows for the parameters of the routes that read a body. */
    const realPath = (path: string) =>
      path
        .replace("{slug}", post.slug)
        .replace("{uid}", String(user.id))
        .replace("{token}", "0".repeat(32))
        .replace(/^\/v1\/comment\/\{id\}/, `/v1/comment/${comment.id}`)
        .replace(/^\/v1\/shout\/\{id\}/, `/v1/shout/${shout.id}`)
        .replace(/^\/v1\/shout-comment\/\{id\}/, `/v1/shout-comment/${shoutComment.id}`);

    const send = async (client: ApiClient, method: string, path: string, payload: Payload) =>
      client.request(method, `${client.origin}/api${path}`, {
        body: payload.body,
        headers: { "Content-Type": payload.type },
      });
    // The same way of sending, with a good body, is accepted: the refusals below are the bodies' doing.
    const good = await send(member, "PATCH", realPath("/v1/post/{slug}/"), json({ headline: "Хорошее описание" }));
    expect(good.status, await good.clone().text()).toBe(200);

    const tables = await tableNames();
    const failures: string[] = [];
    const statuses = new Map<number, number>();

    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      const content = route.op.requestBody?.content ?? {};
      const schema = content["application/json"]?.schema;
      const params = (route.op.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name);
      const bad = payloads(schema, "multipart/form-data" in content);

      if (NOTHING_TO_READ.has(key)) {
        expect(params, key).toEqual([]);
        expect(route.op.requestBody, key).toBeUndefined();
        for (const payload of bad) {
          const roles = ADMIN_STARTS_BACKGROUND_WORK.has(key) ? [memberClient] : [memberClient, adminClient];
          for (const make of roles) {
            const { client } = await make();
            const res = await send(client, route.method, route.path, payload);
            if (res.status >= 500) failures.push(`${key} (${payload.name}): ${res.status} ${await res.text()}`);
            else await res.body?.cancel();
          }
        }
        continue;
      }
      if (!route.op.requestBody && !params.length) {
        failures.push(`${key}: takes neither a body nor a parameter; add it to NOTHING_TO_READ if that is right`);
        continue;
      }

      // Routes that read a body: bad bodies at real rows. Routes that read none: bad parameters (and a bad body).
      const cases: [string, Payload][] = route.op.requestBody
        ? bad.map((payload) => [realPath(route.path), payload])
        : BAD_PARAMS.map((param) => [
            params.reduce((path, name) => path.replace(`{${name}}`, param), route.path),
            { ...bad[0], name: `parameter ${JSON.stringify(param.slice(0, 20))}` },
          ]);
      for (const [path, payload] of cases) {
        for (const [who, client] of [
          ["member", member],
          ["admin", admin],
        ] as const) {
          const label = `${route.method} ${path.slice(0, 80)} as ${who} (${payload.name})`;
          const before = await snapshot(tables);
          const res = await send(client, route.method, path, payload);
          const text = await res.text();
          let detail: unknown;
          try {
            detail = (JSON.parse(text) as { detail?: unknown }).detail;
          } catch {
            detail = undefined;
          }
          if (payload.changes === "allowed") {
            if (res.status >= 500) failures.push(`${label}: ${res.status} ${text.slice(0, 200)}`);
            else if (res.status >= 400 && !(typeof detail === "string" && RUSSIAN.test(detail))) {
              failures.push(`${label}: ${res.status} without a Russian detail: ${text.slice(0, 200)}`);
            }
            continue;
          }
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          // A refused CSRF token would make every case pass without reaching the route.
          if (typeof detail === "string" && detail.includes("CSRF")) failures.push(`${label}: ${detail}`);
          if (res.status < 400 || res.status >= 500) failures.push(`${label}: ${res.status} ${text.slice(0, 200)}`);
          else if (!(typeof detail === "string" && RUSSIAN.test(detail))) {
            failures.push(`${label}: ${res.status} without a Russian detail: ${text.slice(0, 200)}`);
          }
          const changed = changedTables(before, await snapshot(tables));
          if (changed.length) failures.push(`${label}: changed ${changed.join(", ")}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // The cases reached the routes' own checks: validation (400), size (413), content type (415), rights and rows.
    expect([...statuses.keys()].sort()).toEqual(expect.arrayContaining([400, 403, 404, 413, 415]));
    // Whatever was accepted was stored clean.
    expect(await dirtyValues(tables)).toEqual([]);
  });
});
