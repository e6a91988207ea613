// The accounts suite: its member files (listed in ./index.mjs) share one isolate and one database.
import { runSuite } from "./run";

runSuite("accounts");
