// The calendar-feed-search suite: its member files (listed in ./index.mjs) share one isolate and one database.
import { runSuite } from "./run";

runSuite("calendar-feed-search");
