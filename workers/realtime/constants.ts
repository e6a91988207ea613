/** Spec §9 and the client's timings (no zod here: the app's first-load bundle imports this). */
export const REALTIME = {
  heartbeatMs: 10_000,
  reconnectMinMs: 1_000,
  reconnectMaxMs: 10_000,
  connectTimeoutMs: 10_000,
  maxRetries: 10,
  syncIndicatorMinMs: 2_500,
} as const;
