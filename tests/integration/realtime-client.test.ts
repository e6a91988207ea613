import { describe, expect, it } from "vitest";
import { reconnectDelay, serverMessage } from "#app/realtime/connection";
import { REALTIME, ZServerMessage } from "#workers/realtime/messages";

describe("the client's reconnect delays (spec §9)", () => {
  it("double from 1 s, stay within 1–10 s with jitter, and cap at 10 s", () => {
    for (const random of [0, 0.5, 0.999]) {
      const delays = Array.from({ length: REALTIME.maxRetries }, (_, i) => reconnectDelay(i + 1, random));
      for (const d of delays) {
        expect(d).toBeGreaterThanOrEqual(REALTIME.reconnectMinMs);
        expect(d).toBeLessThanOrEqual(REALTIME.reconnectMaxMs);
      }
      expect(delays.at(-1)).toBeGreaterThanOrEqual(REALTIME.reconnectMaxMs * 0.75);
    }
    expect(reconnectDelay(1, 0.5)).toBe(1000);
    expect(reconnectDelay(2, 0.5)).toBe(2000);
    expect(reconnectDelay(3, 0.5)).toBe(4000);
    expect(reconnectDelay(5, 0.5)).toBe(10000);
  });

  it("spread clients out: the same attempt gives different delays for different draws", () => {
    expect(reconnectDelay(3, 0)).not.toBe(reconnectDelay(3, 0.9));
  });
});

describe("the client's reading of the channel's messages", () => {
  const comment = {
    type: "comment_created",
    seq: 7,
    from: "tab-1",
    obj: {
      id: 5,
      post_slug: "igra",
      depth: 1,
      respond_to_comment: null,
      user: { id: 2, username: "Костя" },
      text: "Привет",
      pwnd: 0,
      is_deleted: false,
    },
  };

  it("takes what the server's schema describes, as it was sent", () => {
    for (const message of [
      comment,
      { type: "pong" },
      { type: "pong", seq: 3 },
      { type: "user_connected", obj: { id: 2 } },
    ]) {
      expect(ZServerMessage.safeParse(message).success, JSON.stringify(message)).toBe(true);
      expect(serverMessage(JSON.stringify(message))).toEqual(message);
    }
  });

  it("drops what is not a message: bad JSON, no type, an event without its object, a wrong seq or sender", () => {
    for (const data of [
      "{",
      "null",
      "42",
      '"pong"',
      "[]",
      JSON.stringify({ obj: comment.obj }),
      JSON.stringify({ type: 5, obj: {} }),
      JSON.stringify({ type: "comment_created" }),
      JSON.stringify({ type: "comment_created", obj: null }),
      JSON.stringify({ type: "comment_created", obj: "text" }),
      JSON.stringify({ ...comment, seq: "7" }),
      JSON.stringify({ ...comment, seq: 1.5 }),
      JSON.stringify({ ...comment, from: 1 }),
    ]) {
      expect(serverMessage(data), data).toBeNull();
    }
  });
});
