/** Spec §9 and the client's timings (no zod here: the app's first-load bundle imports this). */
export const REALTIME = {
  heartbeatMs: 10_000,
  reconnectMinMs: 1_000,
  reconnectMaxMs: 10_000,
  connectTimeoutMs: 10_000,
  maxRetries: 10,
  syncIndicatorMinMs: 2_500,
} as const;

/**
 * The heartbeat, byte for byte: the channel answers it with `setWebSocketAutoResponse`, so the runtime replies
 * without waking the Durable Object (the request must match exactly). The route a tab shows goes in its own
 * `{type:"ping", route}` message, which the object handles.
 */
export const HEARTBEAT = { ping: '{"type":"ping"}', pong: '{"type":"pong"}' } as const;
