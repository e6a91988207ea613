import { describe, expect, it } from "vitest";
import { type ErrorBody, guestClient, json, memberClient, RUSSIAN } from "#tests/factories/client";
import { scalar } from "#tests/factories/db";
import { createUser } from "#tests/factories/users";
import { usernameSkeleton } from "#workers/core/accounts/confusables";
import { normaliseKey } from "#workers/core/shared/text";

/**
 * Look-alike names (issue 11): «Xранитель» with a Latin X beside «Хранитель». A name whose confusable skeleton
 * (Unicode TR39, compared case-insensitively, ё = е) equals another member's is refused at sign-up and rename.
 * Factory members are inserted without a skeleton, as rows from before migration 0006 are: the check fills them.
 */

const LOOKS_ALIKE = "Это имя слишком похоже на имя другого участника.";
const PASSWORD = "Тихий-вечер-у-костра-7";

let seq = 0;
/** A suffix of digits 2–9 only (0 and 1 are themselves look-alikes of O and l), unique in this file. */
function suffix(): string {
  seq += 1;
  return `${seq}${Date.now().toString().slice(-6)}${Math.floor(Math.random() * 1e4)}`.replace(/[01]/g, "7");
}

/** An existing name and a look-alike attempt with the same suffix (X, a, O, p, C, e, K, T, B in attempts are Latin). */
function cases(): { what: string; existing: string; attempt: string }[] {
  const s = suffix();
  return [
    { what: "Latin X for Х", existing: `Хранитель_${s}`, attempt: `Xранитель_${s}` },
    { what: "Latin a for а", existing: `Марина_${s}`, attempt: `Мaрина_${s}` },
    { what: "Latin O for О", existing: `Олег_${s}`, attempt: `Oлег_${s}` },
    { what: "digit 0 for О", existing: `Оля_${s}`, attempt: `0ля_${s}` },
    { what: "Latin p for р", existing: `рома_${s}`, attempt: `pома_${s}` },
    { what: "Latin C and e for С and е", existing: `Света_${s}`, attempt: `Cвeта_${s}` },
    { what: "all Latin capitals for Cyrillic", existing: `Сова_${s}`, attempt: `COBA_${s}` },
    { what: "Latin K, O, T in another case", existing: `кот_${s}`, attempt: `KOT_${s}` },
    { what: "Cyrillic А in a Latin name", existing: `Alice_${s}`, attempt: `Аlice_${s}` },
    { what: "rn for m", existing: `modern_${s}`, attempt: `rnodern_${s}` },
    { what: "ё in the look-alike", existing: `Ёлка_${s}`, attempt: `Eлкa_${s}` },
  ];
}

function signUpBody(username: string) {
  const email = `look${suffix()}@example.test`;
  return { username, email, password: PASSWORD, data: {} };
}

async function expectLookAlike(res: Response, label: string) {
  expect(res.status, label).toBe(400);
  const body = await json<ErrorBody>(res);
  expect(body.detail, label).toBe(LOOKS_ALIKE);
  expect(body.errors?.username, label).toEqual([LOOKS_ALIKE]);
}

async function usersNamed(username: string) {
  return scalar<number>("SELECT count(*) FROM users WHERE username = ?", username);
}

describe("sign-up refuses names that look like another member's", () => {
  for (const c of cases()) {
    it(`${c.what}: «${c.attempt}» beside «${c.existing}»`, async () => {
      await createUser({ username: c.existing });
      const res = await (await guestClient()).post("/auth/sign-up/", signUpBody(c.attempt));
      await expectLookAlike(res, c.attempt);
      expect(await usersNamed(c.attempt)).toBe(0);
    });
  }

  it("zero-width and combining characters do not make a name different", async () => {
    const existing = `Хранитель_${suffix()}`;
    await createUser({ username: existing });
    for (const attempt of [
      existing.replace("_", "\u200b_"),
      existing.replace("Х", "Х\u200d"),
      existing.replace("ь", "ь\u0301"),
      existing.replace("Х", "X\u0301"),
    ]) {
      const res = await (await guestClient()).post("/auth/sign-up/", signUpBody(attempt));
      expect(res.status, JSON.stringify(attempt)).toBe(400);
      const body = await json<ErrorBody>(res);
      expect(body.errors?.username?.[0], JSON.stringify(attempt)).toMatch(RUSSIAN);
      expect(await usersNamed(attempt)).toBe(0);
    }
  });

  it("a genuinely different name passes, and its skeleton is stored", async () => {
    const s = suffix();
    await createUser({ username: `Хранитель_${s}` });
    for (const username of [`Хранительница_${s}`, `Хранитель_${s}9`, `Мария_${s}`]) {
      const res = await (await guestClient()).post("/auth/sign-up/", signUpBody(username));
      expect(res.status, username).toBe(201);
      const stored = await scalar<string>("SELECT username_skeleton FROM users WHERE username = ?", username);
      expect(stored).toBe(usernameSkeleton(normaliseKey(username)));
    }
  });

  it("members from before the skeleton column get theirs filled by the check", async () => {
    const legacy = await createUser({ username: `Старожил_${suffix()}` });
    expect(await scalar("SELECT username_skeleton FROM users WHERE id = ?", legacy.id)).toBeNull();
    await (await guestClient()).post("/auth/sign-up/", signUpBody(`Новичок_${suffix()}`));
    expect(await scalar("SELECT username_skeleton FROM users WHERE id = ?", legacy.id)).toBe(
      usernameSkeleton(normaliseKey(legacy.username)),
    );
    expect(await scalar("SELECT count(*) FROM users WHERE username_skeleton IS NULL")).toBe(0);
  });
});

describe("rename refuses names that look like another member's", () => {
  for (const c of cases()) {
    it(`${c.what}: «${c.attempt}» beside «${c.existing}»`, async () => {
      await createUser({ username: c.existing });
      const { client, user } = await memberClient();
      const res = await client.patch("/user/rename/", { username: c.attempt });
      await expectLookAlike(res, c.attempt);
      expect(await scalar("SELECT username FROM users WHERE id = ?", user.id)).toBe(user.username);
    });
  }

  it("a member may rename to a look-alike of their own name", async () => {
    const s = suffix();
    const { client, user } = await memberClient({ username: `Хранитель_${s}` });
    const res = await client.patch("/user/rename/", { username: `Xранитель_${s}` });
    expect(res.status).toBe(200);
    expect((await json(res)).username).toBe(`Xранитель_${s}`);
    expect(await scalar("SELECT username_skeleton FROM users WHERE id = ?", user.id)).toBe(
      usernameSkeleton(normaliseKey(`Хранитель_${s}`)),
    );
  });

  it("a genuinely different name passes", async () => {
    const s = suffix();
    await createUser({ username: `Хранитель_${s}` });
    const { client } = await memberClient();
    const res = await client.patch("/user/rename/", { username: `Хранитель_${s}8` });
    expect(res.status).toBe(200);
  });
});

describe("the skeleton", () => {
  it("maps Cyrillic and Latin look-alikes together, in either case, and keeps different names apart", () => {
    const skel = (name: string) => usernameSkeleton(normaliseKey(name));
    expect(skel("Хранитель")).toBe(skel("XPAHИTEЛЬ"));
    expect(skel("Новости")).toBe(skel("HOBOCTИ"));
    expect(skel("гора")).toBe(skel("rора"));
    expect(skel("Ёжик")).toBe(skel("ежик"));
    expect(skel("Иван")).not.toBe(skel("Ivan"));
    expect(skel("Вася")).not.toBe(skel("Петя"));
    expect(skel("Аня")).not.toBe(skel("Ания"));
  });
});
