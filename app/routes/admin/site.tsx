import { data, Form, redirect, useActionData } from "react-router";
import { AdminNav } from "#app/components/admin-nav";
import { CsrfField } from "#app/components/csrf-field";
import {
  asFailure,
  asSuccess,
  CheckboxField,
  errorsFor,
  Field,
  FormErrors,
  SelectField,
  SubmitButton,
  SuccessMessage,
} from "#app/components/form";
import { formFields, getCtx, readForm, runAction } from "#app/lib/forms.server";
import { pageMeta } from "#app/lib/meta";
import { can } from "#workers/core/accounts/accounts.policy";
import { getConfig, replaceMenu, updateConfig } from "#workers/core/config/config";
import {
  FLAG_KEYS,
  FLAG_LABELS,
  ICON_TYPES,
  LIMIT_KEYS,
  LIMIT_LABELS,
  LIMIT_MAX,
  type TMenuItem,
} from "#workers/core/config/config.schemas";
import { AppError } from "#workers/core/errors";
import type { Route } from "./+types/site";

const MENU_FLAGS = [
  ["is_toolbar", "В шапке"],
  ["is_toolbar_more", "В меню «Ещё»"],
  ["is_desktop", "На компьютере"],
  ["is_mobile", "В мобильном меню"],
  ["is_footer", "В подвале"],
  ["is_external", "Внешняя ссылка"],
  ["is_special", "Выделить"],
  ["is_disabled", "Отключён"],
] as const;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Настройки сайта",
    description: "Название сайта, правила, флаги и меню.",
    noindex: true,
  });
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = getCtx(context);
  if (!ctx.actor) {
    const url = new URL(request.url);
    throw redirect(`/auth/sign-in?redirectTo=${encodeURIComponent(url.pathname)}`);
  }
  if (!can(ctx.actor, "change-config")) throw data({ detail: "Нет доступа." }, { status: 403 });
  return { config: await getConfig(ctx) };
}

/** Reads the menu rows of the form (`items.N.*`), keeping each row's index to map errors back. */
function readMenuRows(fields: Record<string, string>) {
  const indices = new Set<number>();
  for (const key of Object.keys(fields)) {
    const m = /^items\.(\d+)\./.exec(key);
    if (m) indices.add(Number(m[1]));
  }
  const rows = [...indices]
    .sort((a, b) => a - b)
    .map((i) => {
      const get = (name: string) => fields[`items.${i}.${name}`] ?? "";
      const iconType = get("icon_type");
      const icon = get("icon").trim();
      return {
        index: i,
        remove: get("delete") === "on",
        position: Number(get("position") || i),
        item: {
          title: get("title"),
          url: get("url"),
          ...Object.fromEntries(MENU_FLAGS.map(([flag]) => [flag, get(flag) === "on"])),
          color: get("color").trim() || null,
          icon_style: iconType && icon ? { type: iconType, icon } : null,
        },
      };
    })
    .filter((row) => !row.remove && (row.item.title.trim() || row.item.url.trim()))
    .sort((a, b) => a.position - b.position || a.index - b.index);
  return rows;
}

/** Errors come as menu_items.<position>.<field>; point them at the form's rows. */
function rowErrors(errors: Record<string, string[]>, rows: { index: number }[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, list] of Object.entries(errors)) {
    const m = /^menu_items\.(\d+)\.([a-z_]+)/.exec(key);
    const row = m ? rows[Number(m[1])] : undefined;
    out[row && m ? `items.${row.index}.${m[2]}` : key] = list;
  }
  return out;
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = getCtx(context);
  let fields: Record<string, string> = {};
  return runAction(
    async () => {
      fields = formFields(await readForm(request, ctx));
      if (fields.intent === "menu") {
        const rows = readMenuRows(fields);
        try {
          await replaceMenu(ctx, { menu_items: rows.map((r) => r.item) });
        } catch (error) {
          if (error instanceof AppError && error.errors) {
            throw new AppError(error.code, error.message, { errors: rowErrors(error.errors, rows) });
          }
          throw error;
        }
        return { ok: true as const, intent: "menu", message: "Меню сохранено." };
      }
      const patch: Record<string, unknown> = { site_name: fields.site_name ?? "" };
      for (const key of FLAG_KEYS) patch[key] = fields[key] === "on";
      // New-member limits (decision 0024): a number each; an empty field leaves the value as it is.
      for (const key of LIMIT_KEYS) if (fields[key]?.trim()) patch[key] = Number(fields[key]);
      await updateConfig(ctx, patch);
      return { ok: true as const, intent: "flags", message: "Настройки сайта сохранены." };
    },
    () => fields,
  );
}

function MenuRow({ item, index, errors }: { item: TMenuItem | null; index: number; errors: (f: string) => string[] }) {
  const name = (f: string) => `items.${index}.${f}`;
  return (
    <fieldset className="card admin-menu-row">
      <legend>{item ? item.title : "Новый пункт"}</legend>
      <div className="admin-menu-grid">
        <Field label="Название" name={name("title")} defaultValue={item?.title ?? ""} errors={errors(name("title"))} />
        <Field label="Адрес" name={name("url")} defaultValue={item?.url ?? ""} errors={errors(name("url"))} />
        <Field label="Порядок" name={name("position")} type="number" defaultValue={String(index)} />
        <Field
          label="Цвет"
          name={name("color")}
          placeholder="#ff6600"
          defaultValue={item?.color ?? ""}
          errors={errors(name("color"))}
        />
        <SelectField label="Набор значков" name={name("icon_type")} defaultValue={item?.icon_style?.type ?? ""}>
          <option value="">Без значка</option>
          {ICON_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </SelectField>
        <Field
          label="Значок"
          name={name("icon")}
          defaultValue={item?.icon_style?.icon ?? ""}
          errors={errors(name("icon_style"))}
        />
      </div>
      <div className="admin-menu-flags">
        {MENU_FLAGS.map(([flag, label]) => (
          <CheckboxField
            key={flag}
            label={label}
            name={name(flag)}
            defaultChecked={item ? item[flag] : flag === "is_desktop" || flag === "is_mobile"}
          />
        ))}
        {item ? <CheckboxField label="Удалить" name={name("delete")} /> : null}
      </div>
    </fieldset>
  );
}

export default function SiteSettings({ loaderData }: Route.ComponentProps) {
  const { config } = loaderData;
  const result = useActionData<typeof action>();
  const flagsFailure = asFailure(result, "flags");
  const menuFailure = asFailure(result, "menu");
  return (
    <main className="page admin-page">
      <AdminNav />
      <h1>Настройки сайта</h1>
      <section className="card">
        <h2>Название и правила</h2>
        <Form method="post" className="form">
          <CsrfField />
          <input type="hidden" name="intent" value="flags" />
          <FormErrors failure={flagsFailure} fields={["site_name"]} />
          <Field
            label="Название сайта"
            name="site_name"
            defaultValue={config.site_name}
            errors={errorsFor(flagsFailure, "site_name")}
          />
          {FLAG_KEYS.map((key) => (
            <CheckboxField key={key} label={FLAG_LABELS[key]} name={key} defaultChecked={config[key]} />
          ))}
          <fieldset className="admin-limits">
            <legend>Новые участники</legend>
            {LIMIT_KEYS.map((key) => (
              <Field
                key={key}
                label={LIMIT_LABELS[key]}
                name={key}
                type="number"
                min={0}
                max={LIMIT_MAX[key]}
                defaultValue={String(config[key])}
                errors={errorsFor(flagsFailure, key)}
              />
            ))}
          </fieldset>
          <SubmitButton intent="flags">Сохранить</SubmitButton>
          <SuccessMessage message={asSuccess(result, "flags")?.message} />
        </Form>
      </section>
      <section className="card">
        <h2>Меню</h2>
        <Form method="post" className="form" key={config.menu_items.length}>
          <CsrfField />
          <input type="hidden" name="intent" value="menu" />
          <FormErrors
            failure={menuFailure}
            fields={Object.keys(menuFailure?.errors ?? {}).filter((k) => k.startsWith("items."))}
          />
          {config.menu_items.map((item, i) => (
            <MenuRow
              key={`${item.title}-${item.url}`}
              item={item}
              index={i}
              errors={(f) => errorsFor(menuFailure, f)}
            />
          ))}
          <MenuRow item={null} index={config.menu_items.length} errors={(f) => errorsFor(menuFailure, f)} />
          <SubmitButton intent="menu">Сохранить меню</SubmitButton>
          <SuccessMessage message={asSuccess(result, "menu")?.message} />
        </Form>
      </section>
    </main>
  );
}
