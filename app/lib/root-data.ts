import { useRouteLoaderData } from "react-router";
import type { RootData } from "./root-data.server";

export type { RootData };

/** The root loader's data (app/lib/root-data.server.ts) from any component of the shell. */
export function useRootData(): RootData {
  return useRouteLoaderData("root") as RootData;
}
