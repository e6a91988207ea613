// A CPU profile of the Worker's isolate through workerd's V8 inspector (miniflare's inspector proxy on
// `--inspector-port`): sampling starts, REQUESTS requests go one after another, sampling stops, and the profile is
// written as a .cpuprofile file (Chrome DevTools → Performance → Load profile, or speedscope).
import { writeFileSync } from "node:fs";

const REQUESTS = 20;
const SAMPLING_US = 100;

/** The inspector's websocket of the Worker (not miniflare's own internal workers). */
async function workerSocketUrl(port) {
  const targets = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const target = targets.find((t) => !/^core:|^loopback|^assets/.test(t.title ?? "")) ?? targets[0];
  if (!target) throw new Error(`Инспектор на порту ${port} не назвал ни одного воркера`);
  return target.webSocketDebuggerUrl.replace("localhost", "127.0.0.1");
}

function connect(url) {
  const ws = new WebSocket(url);
  let id = 0;
  const pending = new Map();
  ws.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data));
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.error) waiting.reject(new Error(message.error.message));
    else waiting.resolve(message.result);
  });
  const opened = new Promise((resolve, reject) => {
    ws.addEventListener("open", resolve, { once: true });
    ws.addEventListener("error", () => reject(new Error(`Нет связи с инспектором ${url}`)), { once: true });
  });
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      id += 1;
      pending.set(id, { resolve, reject });
      ws.send(JSON.stringify({ id, method, params }));
    });
  return opened.then(() => ({ send, close: () => ws.close() }));
}

/**
 * The longest a sample counts: the first sample after the isolate waited (for D1, for the next request) carries the
 * whole wait, milliseconds, which would be charged to whatever frame it landed on.
 */
export const MAX_SAMPLE_US = 2 * SAMPLING_US;

/** Self time per function (name and place), largest first, from a V8 CPU profile. */
export function selfTimes(profile) {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const ms = new Map();
  for (let i = 0; i < profile.samples.length; i += 1) {
    const node = byNode.get(profile.samples[i]);
    const { functionName, url, lineNumber } = node.callFrame;
    const name = `${functionName || "(anonymous)"} ${url.split("/").pop()}:${lineNumber + 1}`;
    ms.set(name, (ms.get(name) ?? 0) + Math.min(profile.timeDeltas[i] ?? 0, MAX_SAMPLE_US) / 1000);
  }
  return [...ms.entries()].sort((a, b) => b[1] - a[1]);
}

/**
 * Profiles REQUESTS sequential requests of `url`; writes `file`; returns `{ requests, jsMsPerRequest, gcMsPerRequest,
 * top: [{ name, ms, share }], summary }`. Sampled times run above the /proc figures (the profiler's own cost, and
 * samples between requests land on the last frame): compare shares, and CPU per request from the load run.
 */
export async function profileRequests(port, url, cookie, file) {
  const inspector = await connect(await workerSocketUrl(port));
  try {
    await inspector.send("Profiler.enable");
    await inspector.send("Profiler.setSamplingInterval", { interval: SAMPLING_US });
    await inspector.send("Profiler.start");
    for (let i = 0; i < REQUESTS; i += 1) {
      await fetch(url, { headers: cookie ? { Cookie: cookie } : {} }).then((r) => r.arrayBuffer());
    }
    const { profile } = await inspector.send("Profiler.stop");
    writeFileSync(file, JSON.stringify(profile));
    const times = selfTimes(profile);
    const idle = new Set(["(idle)", "(program)", "(garbage collector)"]);
    const busy = times.filter(([name]) => !idle.has(name.split(" ")[0]));
    const sampledMs = busy.reduce((sum, [, t]) => sum + t, 0);
    const gc = times.find(([name]) => name.startsWith("(garbage collector)"))?.[1] ?? 0;
    const top = busy.slice(0, 8).map(([name, t]) => ({ name, ms: t / REQUESTS, share: t / sampledMs }));
    const summary = `${REQUESTS} запросов, по выборкам JS ${(sampledMs / REQUESTS).toFixed(1)} мс/запрос, GC ${(gc / REQUESTS).toFixed(1)} мс/запрос`;
    return { requests: REQUESTS, jsMsPerRequest: sampledMs / REQUESTS, gcMsPerRequest: gc / REQUESTS, top, summary };
  } finally {
    inspector.close();
  }
}
