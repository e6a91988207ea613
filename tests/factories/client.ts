import { SELF } from "cloudflare:test";
import type { UserRow } from "#drizzle/schema";
import { createSessionFor, createUser, randomIp, type UserOverrides } from "./users";

export interface RequestOptions {
  /** A JSON body (sets Content-Type). */
  json?: unknown;
  /** Any other body (raw string, FormData, bytes). */
  body?: BodyInit;
  headers?: Record<string, string>;
  /** false: send no X-CSRFTOKEN; a string: send that instead of the cookie's value. */
  csrf?: boolean | string;
}

/**
 * A browser-like API client: keeps cookies between requests, echoes the csrftoken cookie in X-CSRFTOKEN
 * and sends a per-client CF-Connecting-IP (so rate limits stay per test).
 */
export class ApiClient {
  readonly cookies = new Map<string, string>();
  readonly ip: string;
  readonly origin: string;
  lastSetCookies: string[] = [];

  constructor(options: { ip?: string; origin?: string } = {}) {
    this.ip = options.ip ?? randomIp();
    this.origin = options.origin ?? "http://localhost";
  }

  /** The CSRF cookie's token, under either name (`__Host-csrftoken` on https origins). */
  get csrfToken(): string | undefined {
    return this.cookies.get("__Host-csrftoken") ?? this.cookies.get("csrftoken");
  }

  async request(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
    const headers = new Headers(options.headers);
    headers.set("CF-Connecting-IP", this.ip);
    if (this.cookies.size) {
      headers.set("Cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    }
    if (options.csrf !== false) {
      const token = typeof options.csrf === "string" ? options.csrf : this.csrfToken;
      if (token) headers.set("X-CSRFTOKEN", token);
    }
    let body = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
    }
    const url = path.startsWith("http") ? path : `${this.origin}/api/v1${path}`;
    const res = await SELF.fetch(url, { method, headers, body, redirect: "manual" });
    this.takeCookies(res.headers.getSetCookie());
    return res;
  }

  /** Keeps (or drops, when expired) the cookies a response set, as a browser does. */
  private takeCookies(setCookies: string[]): void {
    this.lastSetCookies = setCookies;
    for (const line of setCookies) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired || !value) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /**
   * Posts a page's form as a browser without JavaScript does (urlencoded, the hidden `csrf` field carrying the
   * cookie's token unless `fields.csrf` is given) and does not follow the answer's redirect.
   */
  form(path: string, fields: Record<string, string>): Promise<Response> {
    const body = new URLSearchParams({ ...(this.csrfToken ? { csrf: this.csrfToken } : {}), ...fields });
    return this.request("POST", `${this.origin}${path}`, {
      body,
      csrf: false,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
  }

  get(path: string, options?: RequestOptions) {
    return this.request("GET", path, options);
  }
  post(path: string, json?: unknown, options: RequestOptions = {}) {
    return this.request("POST", path, { json, ...options });
  }
  patch(path: string, json?: unknown, options: RequestOptions = {}) {
    return this.request("PATCH", path, { json, ...options });
  }
  put(path: string, json?: unknown, options: RequestOptions = {}) {
    return this.request("PUT", path, { json, ...options });
  }
  delete(path: string, options?: RequestOptions) {
    return this.request("DELETE", path, options);
  }

  /** Gets the CSRF cookie as the app does on start (a token signed for the client's session, or for none). */
  async init(): Promise<this> {
    const res = await this.get("/user/csrf/");
    if (res.status !== 200) throw new Error(`csrf: ${res.status}`);
    await res.body?.cancel();
    return this;
  }

  /** Signs in through the API (argon2id verify, counts against the sign-in rate limits). */
  async signIn(username: string, password: string): Promise<Response> {
    if (!this.csrfToken) await this.init();
    return this.post("/auth/sign-in/", { username, password });
  }
}

/** A guest with a csrftoken cookie. */
export function guestClient(options: { ip?: string; origin?: string } = {}): Promise<ApiClient> {
  return new ApiClient(options).init();
}

/** A new member (factory-made) with a session row and a csrftoken cookie; no hashing, no rate limits. */
export async function memberClient(overrides: UserOverrides = {}): Promise<{ client: ApiClient; user: UserRow }> {
  const user = await createUser(overrides);
  return { client: await clientFor(user), user };
}

export async function adminClient(overrides: UserOverrides = {}) {
  return memberClient({ isAdmin: true, ...overrides });
}

/** A signed-in client for an existing user (its CSRF token is signed for that session, as after a sign-in). */
export async function clientFor(user: Pick<UserRow, "id">): Promise<ApiClient> {
  const client = new ApiClient();
  client.cookies.set("sessionid", await createSessionFor(user));
  return client.init();
}

export type ErrorBody = { detail: string; errors?: Record<string, string[]> };

export async function json<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

/** Russian text: at least one Cyrillic letter and none of zod's English defaults. */
export const RUSSIAN = /^(?!.*\b(?:Invalid|expected|received|Unrecognized|Too (?:big|small))\b).*[а-яё]/is;
