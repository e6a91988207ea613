import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Every route in the client's manifest (one immutable, cached script) instead of lazy discovery, which asks the
  // Worker for the routes of the links a page shows (`/__manifest?paths=…`): a second request to the Worker for
  // every page viewed (docs/decisions/0040-render-cpu.md §12).
  routeDiscovery: { mode: "initial" },
} satisfies Config;
