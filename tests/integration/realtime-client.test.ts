import { describe, expect, it } from "vitest";
import { reconnectDelay } from "#app/realtime/connection";
import { REALTIME } from "#workers/realtime/messages";

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
