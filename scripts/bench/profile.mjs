// A CPU profile of the Worker's isolate through workerd's V8 inspector (miniflare's inspector proxy on
// `--inspector-port`): sampling starts, REQUESTS requests go one after another, sampling stops, and the profile is
// written as a .cpuprofile file (Chrome DevTools → Performance → Load profile, or speedscope).
import { writeFileSync } from "node:fs";

const REQUESTS = 20;
const SAMPLING_US = 100;

/**
 * The inspector's websockets of the Worker and of the local D1 database object (miniflare's SQLite behind the D1
 * binding; on Cloudflare that work is D1's, not the Worker's). Titles read "workerd: worker core:user:<name>" and
 * "workerd: worker d1:db".
 */
async function socketUrls(port) {
  const targets = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const url = (re) =>
    targets.find((t) => re.test(t.title ?? ""))?.webSocketDebuggerUrl.replace("localhost", "127.0.0.1");
  const worker = url(/ core:user:/);
  if (!worker) throw new Error(`Инспектор на порту ${port} не назвал воркер сайта`);
  return { worker, d1: url(/ d1:db$/) };
}

/** Sampled milliseconds outside idle and program time (GC included), each sample capped. */
function busyMs(profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  let us = 0;
  for (let i = 0; i < profile.samples.length; i += 1) {
    const name = nodes.get(profile.samples[i]).callFrame.functionName;
    if (name !== "(idle)" && name !== "(program)") us += Math.min(profile.timeDeltas[i] ?? 0, MAX_SAMPLE_US);
  }
  return us / 1000;
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
 * Profiles REQUESTS sequential requests of `url`; writes the Worker's profile to `file`; returns `{ requests,
 * jsMsPerRequest, gcMsPerRequest, d1MsPerRequest, top: [{ name, ms, share }], summary }`. Sampled times run above
 * the /proc figures (the profiler's own cost): compare shares, and CPU per request from the load run.
 * `d1MsPerRequest` is the local D1 object's JavaScript and SQLite, sampled at the same time (null if not found).
 */
export async function profileRequests(port, url, cookie, file) {
  const urls = await socketUrls(port);
  const worker = await connect(urls.worker);
  const d1 = urls.d1 ? await connect(urls.d1) : null;
  const inspectors = d1 ? [worker, d1] : [worker];
  try {
    for (const inspector of inspectors) {
      await inspector.send("Profiler.enable");
      await inspector.send("Profiler.setSamplingInterval", { interval: SAMPLING_US });
      await inspector.send("Profiler.start");
    }
    for (let i = 0; i < REQUESTS; i += 1) {
      await fetch(url, { headers: cookie ? { Cookie: cookie } : {} }).then((r) => r.arrayBuffer());
    }
    const { profile } = await worker.send("Profiler.stop");
    const d1Profile = d1 ? (await d1.send("Profiler.stop")).profile : null;
    const d1Ms = d1Profile ? busyMs(d1Profile) / REQUESTS : null;
    writeFileSync(file, JSON.stringify(profile));
    // The local D1 object's profile beside the Worker's (`<scenario>.d1.cpuprofile`), for profile-split.mjs.
    if (d1Profile) writeFileSync(file.replace(/\.cpuprofile$/, ".d1.cpuprofile"), JSON.stringify(d1Profile));
    const times = selfTimes(profile);
    const idle = new Set(["(idle)", "(program)", "(garbage collector)"]);
    const busy = times.filter(([name]) => !idle.has(name.split(" ")[0]));
    const sampledMs = busy.reduce((sum, [, t]) => sum + t, 0);
    const gc = times.find(([name]) => name.startsWith("(garbage collector)"))?.[1] ?? 0;
    const top = busy.slice(0, 8).map(([name, t]) => ({ name, ms: t / REQUESTS, share: t / sampledMs }));
    const summary =
      `${REQUESTS} запросов, по выборкам JS ${(sampledMs / REQUESTS).toFixed(1)} мс/запрос, GC ${(gc / REQUESTS).toFixed(1)} мс/запрос` +
      (d1Ms === null ? "" : `, локальный D1 ${d1Ms.toFixed(1)} мс/запрос`);
    return {
      requests: REQUESTS,
      jsMsPerRequest: sampledMs / REQUESTS,
      gcMsPerRequest: gc / REQUESTS,
      d1MsPerRequest: d1Ms,
      top,
      summary,
    };
  } finally {
    for (const inspector of inspectors) inspector.close();
  }
}
