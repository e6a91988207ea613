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
  if (aptInstall("chromium", "Chromium не найден — ставлю пакет Debian «chromium»…") && findChromium())
    return findChromium();
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

/** The colour emoji fonts fontconfig knows (phones have one; a server usually has none). */
export function emojiFonts() {
  const res = spawnSync("fc-list", [":charset=1f600:color=true", "family"], { encoding: "utf8" });
  return res.status === 0 ? res.stdout.split("\n").filter(Boolean) : [];
}

/**
 * A colour emoji font for Lighthouse's phone: without one, every emoji of a page sends Chromium's first layout
 * through a fallback search of the installed fonts, which a phone never makes (the demo bonfire's first paint:
 * 2.2 s simulated without, 1.2–1.5 s with Debian's `fonts-noto-color-emoji`; docs/decisions/0041). Installed like
 * Chromium when running as root on Debian; otherwise the audit goes on and says so. Returns the font's name or null.
 */
export function ensureEmojiFont() {
  const present = emojiFonts()[0];
  if (present) return present;
  aptInstall(
    "fonts-noto-color-emoji",
    "Нет цветного шрифта эмодзи (на телефоне он есть) — ставлю пакет Debian «fonts-noto-color-emoji»…",
  );
  const found = emojiFonts()[0] ?? null;
  if (!found)
    console.warn(
      "Цветного шрифта эмодзи нет: первая отрисовка страниц с эмодзи будет медленнее, чем на телефоне " +
        "(sudo apt-get install fonts-noto-color-emoji).",
    );
  return found;
}

/**
 * Installs a Debian package when running as root on Debian (the package lists refreshed first); false when it
 * cannot or the install failed.
 */
function aptInstall(name, announcement) {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const isDebian = existsSync("/etc/debian_version") && existsSync("/usr/bin/apt-get");
  if (!isRoot || !isDebian) return false;
  console.log(announcement);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  spawnSync("apt-get", ["update"], { stdio: "inherit", env });
  return (
    spawnSync("apt-get", ["install", "-y", "--no-install-recommends", name], { stdio: "inherit", env }).status === 0
  );
}
