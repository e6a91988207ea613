import { Hono } from "hono";
import type { ApiEnv } from "../http";

export const tagRouter = new Hono<ApiEnv>();
