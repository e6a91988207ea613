import { Hono } from "hono";
import type { ApiEnv } from "../http";

export const likeRouter = new Hono<ApiEnv>();
