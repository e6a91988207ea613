import { createContext } from "react-router";
import type { RequestContext } from "./context";

/** The request context, handed to React Router loaders and actions through its context provider. */
export const appContext = createContext<RequestContext>();
