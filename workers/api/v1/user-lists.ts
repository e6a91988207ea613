import { Hono } from "hono";
import type { ApiEnv } from "../http";

export const userListsRouter = new Hono<ApiEnv>();
