import { sql } from "drizzle-orm";
import { integer } from "drizzle-orm/sqlite-core";

/**
 * Column helpers shared by every schema file. They live apart from schema.ts so that the area schema files it
 * re-exports (schema-*.ts) can use them at definition time without a circular import.
 */
export const now = sql`(unixepoch('subsec') * 1000)`;
export const createdAt = () => integer("created_at", { mode: "timestamp_ms" }).notNull().default(now);
