// `npm start`: build, migrate the local D1, load demo content, serve on http://localhost:8787 (PORT overrides).
import { DEMO_USERS } from "./demo-users.mjs";
import { run, startDetached, stopGroup } from "./lib.mjs";

const port = process.env.PORT || "8787";
run("react-router", ["build"]);
run("wrangler", ["d1", "migrations", "apply", "DB", "--local"], { env: { CI: "true" } });
run("node", ["scripts/seed.mjs"]);

console.log("\nДемо-аккаунты (вход по имени или e-mail):");
for (const u of DEMO_USERS) {
  const role = u.isAdmin ? "администратор" : u.isMod ? "модератор" : "участник";
  console.log(`  ${u.username.padEnd(12)} ${u.email.padEnd(26)} ${u.password.padEnd(18)} ${role}`);
}
console.log(`\nСайт: http://localhost:${port}\n`);

const server = startDetached("wrangler", ["dev", "--port", port, "--ip", "127.0.0.1"]);
// Cron Triggers do not fire under `wrangler dev`: run the scheduled jobs (workers/jobs/scheduled.ts) every five
// minutes like production, the first time once the server answers.
const runJobs = () => fetch(`http://127.0.0.1:${port}/cdn-cgi/local/scheduled?time=${Date.now()}`).catch(() => {});
setTimeout(runJobs, 15_000);
setInterval(runJobs, 5 * 60_000);
for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, () => {
    stopGroup(server);
    process.exit(0);
  });
server.on("exit", (code) => process.exit(code ?? 0));
