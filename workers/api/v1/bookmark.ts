import { Hono } from "hono";
import type { ApiEnv } from "../http";

export const bookmarkRouter = new Hono<ApiEnv>();
