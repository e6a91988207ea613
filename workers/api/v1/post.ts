import { Hono } from "hono";
import type { ApiEnv } from "../http";

export const postRouter = new Hono<ApiEnv>();
