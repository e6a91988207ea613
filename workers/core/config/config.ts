import { asc, inArray } from "drizzle-orm";
import { type MenuItemRow, menuItems, siteSettings } from "#drizzle/schema";
import { can } from "#workers/core/accounts/accounts.policy";
import { auditInsert } from "#workers/core/audit/audit";
import { AppError } from "#workers/core/errors";
import { requireWriter } from "#workers/core/shared/actor";
import { parseInput } from "#workers/core/shared/validation";
import type { RequestContext } from "#workers/platform/context";
import type { Db } from "#workers/platform/db";
import { preparedRead } from "#workers/platform/prepared";
import {
  FLAG_DEFAULTS,
  FLAG_KEYS,
  type Flags,
  LIMIT_DEFAULTS,
  LIMIT_KEYS,
  type Limits,
  type TMenuItem,
  ZConfigUpdate,
  ZMenuReplace,
} from "./config.schemas";

export interface SiteConfig extends Flags, Limits {
  site_name: string;
  menu_items: TMenuItem[];
}

export function serializeMenuItem(row: MenuItemRow): TMenuItem {
  return {
    title: row.title,
    url: row.url,
    is_external: row.isExternal,
    is_disabled: row.isDisabled,
    is_special: row.isSpecial,
    is_desktop: row.isDesktop,
    is_toolbar: row.isToolbar,
    is_toolbar_more: row.isToolbarMore,
    is_mobile: row.isMobile,
    is_footer: row.isFooter,
    color: row.color,
    icon_style: row.iconType && row.icon ? { type: row.iconType as never, icon: row.icon } : null,
  };
}

// Every page reads both (the shell): built once per isolate (workers/platform/prepared.ts).
const settingsRead = preparedRead([], (db) =>
  db
    .select()
    .from(siteSettings)
    .where(inArray(siteSettings.key, [...FLAG_KEYS, ...LIMIT_KEYS, "site_name"])),
);
const menuRead = preparedRead([], (db) =>
  db.select().from(menuItems).orderBy(asc(menuItems.position), asc(menuItems.id)),
);

/** Flags, site name and menu in one D1 round trip (`read` may coalesce it with a page's other reads). */
export async function getSiteConfig(deps: {
  db: Db;
  read?: Db["batch"];
  defaultSiteName: string;
}): Promise<SiteConfig> {
  const [settingRows, menuRows] = await (deps.read ?? deps.db.batch.bind(deps.db))([
    settingsRead(deps.db, {}),
    menuRead(deps.db, {}),
  ]);
  const stored = new Map(settingRows.map((r) => [r.key, r.value]));
  const flags = {} as Flags;
  for (const key of FLAG_KEYS) {
    const value = stored.get(key);
    flags[key] = typeof value === "boolean" ? value : FLAG_DEFAULTS[key];
  }
  const limits = {} as Limits;
  for (const key of LIMIT_KEYS) {
    const value = stored.get(key);
    limits[key] = typeof value === "number" ? value : LIMIT_DEFAULTS[key];
  }
  const siteName = stored.get("site_name");
  return {
    ...flags,
    ...limits,
    site_name: typeof siteName === "string" && siteName ? siteName : deps.defaultSiteName,
    menu_items: menuRows.map(serializeMenuItem),
  };
}

/** Read once per request: the root loader, the edit rules and the comment rules all need it. */
const perRequest = new WeakMap<RequestContext, Promise<SiteConfig>>();

export function getConfig(ctx: RequestContext): Promise<SiteConfig> {
  let config = perRequest.get(ctx);
  if (!config) {
    config = getSiteConfig({ db: ctx.db, read: ctx.read, defaultSiteName: ctx.vars.SITE_NAME });
    perRequest.set(ctx, config);
    config.catch(() => perRequest.delete(ctx));
  }
  return config;
}

/** Admins change the site name and flags. */
export async function updateConfig(ctx: RequestContext, input: unknown): Promise<SiteConfig> {
  const actor = requireWriter(ctx);
  if (!can(actor, "change-config")) throw new AppError("forbidden");
  const data = parseInput(ZConfigUpdate, input) as Record<string, unknown>;
  const entries = Object.entries(data).filter(([, v]) => v !== undefined);
  if (entries.length) {
    const before = await getConfig(ctx);
    const changes = Object.fromEntries(
      entries
        .filter(([key, value]) => (before as unknown as Record<string, unknown>)[key] !== value)
        .map(([key, value]) => [key, [(before as unknown as Record<string, unknown>)[key], value]]),
    );
    await ctx.db.batch([
      ...entries.map(([key, value]) =>
        ctx.db
          .insert(siteSettings)
          .values({ key, value })
          .onConflictDoUpdate({ target: siteSettings.key, set: { value } }),
      ),
      ...(Object.keys(changes).length
        ? [
            auditInsert(ctx.db, {
              actorId: actor.id,
              action: "config.update",
              targetType: "config",
              meta: { changes, url: "/admin/site" },
              at: ctx.now(),
            }),
          ]
        : []),
    ] as [never, ...never[]]);
  }
  ctx.invalidate(["/"]);
  perRequest.delete(ctx);
  return getConfig(ctx);
}

/** Admins replace the whole menu (order as given) in one batch. */
export async function replaceMenu(ctx: RequestContext, input: unknown): Promise<SiteConfig> {
  const actor = requireWriter(ctx);
  if (!can(actor, "change-config")) throw new AppError("forbidden");
  const { menu_items } = parseInput(ZMenuReplace, input);
  await ctx.db.batch([
    auditInsert(ctx.db, {
      actorId: actor.id,
      action: "config.menu",
      targetType: "config",
      meta: { items: menu_items.map((item) => item.title), url: "/admin/site" },
      at: ctx.now(),
    }),
    ctx.db.delete(menuItems),
    ...menu_items.map((item, position) =>
      ctx.db.insert(menuItems).values({
        position,
        title: item.title,
        url: item.url,
        isExternal: item.is_external,
        isDisabled: item.is_disabled,
        isSpecial: item.is_special,
        isDesktop: item.is_desktop,
        isToolbar: item.is_toolbar,
        isToolbarMore: item.is_toolbar_more,
        isMobile: item.is_mobile,
        isFooter: item.is_footer,
        color: item.color,
        iconType: item.icon_style?.type ?? null,
        icon: item.icon_style?.icon ?? null,
      }),
    ),
  ]);
  ctx.invalidate(["/"]);
  perRequest.delete(ctx);
  return getConfig(ctx);
}
