// Finds a Chromium for the browser tests: CHROME_PATH, then Debian's /usr/bin/chromium; installs Debian's
// `chromium` package when running as root on Debian; otherwise says exactly what to install.

import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * The flags every Chromium of ours starts with (browser tests, Lighthouse runs): no sandbox (root in CI), no GPU, and
 * none of its own connections to Google's services — this machine's closed network refuses them, many at a time.
 */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

const CANDIDATES = [
  process.env.CHROME_PATH,
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
];

export function findChromium() {
  return CANDIDATES.find((p) => p && existsSync(p)) ?? null;
}

export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const isDebian = existsSync("/etc/debian_version") && existsSync("/usr/bin/apt-get");
  if (isRoot && isDebian) {
    console.log("Chromium не найден — ставлю пакет Debian «chromium»…");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    spawnSync("apt-get", ["update"], { stdio: "inherit", env });
    const res = spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "chromium"], {
      stdio: "inherit",
      env,
    });
    if (res.status === 0 && findChromium()) return findChromium();
  }
  console.error(
    [
      "Для браузерных тестов нужен Chromium, и он не найден.",
      "Установите его одной из команд:",
      "  sudo apt-get install chromium        # Debian/Ubuntu",
      "или укажите путь к уже установленному браузеру: CHROME_PATH=/путь/к/chromium npm test",
    ].join("\n"),
  );
  process.exit(1);
}
