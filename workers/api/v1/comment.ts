import { Hono } from "hono";
import type { ApiEnv } from "../http";

export const commentRouter = new Hono<ApiEnv>();
