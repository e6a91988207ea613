import { useCallback, useEffect, useRef, useState } from "react";
import { data, Form, redirect, useSubmit } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import { PostEditor } from "#app/components/editor";
import type { FormSuccess } from "#app/components/form";
import { asFailure, asSuccess, errorsFor, Field, FormErrors, SubmitButton, SuccessMessage } from "#app/components/form";
import { Link } from "#app/components/link";
import { ApiError, api, csrfToken } from "#app/lib/api";
import { formFields, getCtx, loaderError, readForm, runAction } from "#app/lib/forms.server";
import { pageMeta } from "#app/lib/meta";
import editorCss from "#app/styles/pages/editor.css?url";
import postCss from "#app/styles/pages/post.css?url";
import { AppError } from "#workers/core/errors";
import { getPost } from "#workers/core/posts/posts";
import { POST_HEADLINE_MAX, POST_TITLE_MAX } from "#workers/core/posts/posts.constants";
import { uploadPostImage } from "#workers/core/posts/posts.images";
import { leavePost, sharePost } from "#workers/core/posts/posts.sharing";
import { deletePost, publishPost, unpublishPost, updatePost } from "#workers/core/posts/posts.write";
import type { Route } from "./+types/editor";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: postCss },
  { rel: "stylesheet", href: editorCss },
];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.loaderData ? `Редактор: ${args.loaderData.post.title || "без заголовка"}` : "Редактор",
    description: "Редактор статьи: текст, картинки, видео и теги.",
    noindex: true,
  });

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const ctx = getCtx(context);
  if (!ctx.actor) throw redirect(`/auth/sign-in?redirectTo=${encodeURIComponent(new URL(request.url).pathname)}`);
  const post = await getPost(ctx, params.slug).catch(loaderError);
  if (!post.can_edit) throw data({ detail: "Редактировать эту статью уже нельзя." }, { status: 403 });
  return { post, isAuthor: post.user.id === ctx.actor.id };
}

/** Tags typed as "ведьмак, rpg, обзор" → ["ведьмак", "rpg", "обзор"]. */
function splitTags(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const ctx = getCtx(context);
  if (!ctx.actor) throw redirect("/auth/sign-in");
  const slug = params.slug;
  let values: Record<string, string> = {};
  return runAction(
    async (): Promise<FormSuccess | Response> => {
      const form = await readForm(request, ctx);
      values = formFields(form);
      const ok = (message: string): FormSuccess => ({ ok: true, intent: values.intent, message });
      switch (values.intent) {
        case "save":
          await updatePost(ctx, slug, {
            title: values.title ?? "",
            headline: values.headline ?? "",
            tags: splitTags(values.tags),
          });
          return ok("Сохранено.");
        case "cover": {
          const media = await uploadPostImage(ctx, slug, form.get("file"));
          await updatePost(ctx, slug, { image: media.url, is_video_background: false });
          return ok("Обложка обновлена.");
        }
        case "cover-video":
          await updatePost(ctx, slug, { image: values.video ?? "", is_video_background: true });
          return ok("Видео для фона сохранено.");
        case "cover-remove":
          await updatePost(ctx, slug, { image: null });
          return ok("Обложка убрана.");
        case "publish": {
          const published = await publishPost(ctx, slug);
          return redirect(`/posts/${published.slug}`);
        }
        case "unpublish":
          await unpublishPost(ctx, slug);
          return ok("Статья снята с публикации и снова стала черновиком.");
        case "delete": {
          await deletePost(ctx, slug);
          return redirect(`/users/${ctx.actor?.id}/drafts`);
        }
        case "share":
          await sharePost(ctx, slug, { username: values.username ?? "" });
          return ok("Черновик открыт для участника.");
        case "leave":
          await leavePost(ctx, slug);
          return redirect(`/users/${ctx.actor?.id}/shared`);
        default:
          throw new AppError("invalid", "Неизвестное действие формы. Обновите страницу и попробуйте ещё раз.");
      }
    },
    () => values,
  );
}

type SaveState = "idle" | "pending" | "saving" | "saved" | "error";
const SAVE_LABEL: Record<SaveState, string> = {
  idle: "",
  pending: "Есть несохранённые изменения…",
  saving: "Сохраняем…",
  saved: "Все изменения сохранены.",
  error: "Не удалось сохранить.",
};

/** Debounced autosave of the editor's fields through PATCH /api/v1/post/{slug}/. */
function useAutosave(slug: string) {
  const [state, setState] = useState<SaveState>("idle");
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const pending = useRef<Record<string, unknown>>({});
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<Promise<void> | null>(null);

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    if (inFlight.current) await inFlight.current;
    const patch = pending.current;
    if (!Object.keys(patch).length) return;
    pending.current = {};
    setState("saving");
    inFlight.current = api(`/v1/post/${slug}/`, { method: "PATCH", json: patch })
      .then(() => {
        setState(Object.keys(pending.current).length ? "pending" : "saved");
        setError(null);
        setFieldErrors({});
      })
      .catch((e: unknown) => {
        // Keep the failed fields for the next attempt, unless newer edits replaced them.
        pending.current = { ...patch, ...pending.current };
        setState("error");
        setError(e instanceof ApiError ? e.message : "Нет связи с сервером.");
        setFieldErrors(e instanceof ApiError ? e.errors : {});
      })
      .finally(() => {
        inFlight.current = null;
      });
    await inFlight.current;
  }, [slug]);

  const queue = useCallback(
    (patch: Record<string, unknown>) => {
      pending.current = { ...pending.current, ...patch };
      setState("pending");
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), 1200);
    },
    [flush],
  );

  // Do not lose edits when the tab closes.
  useEffect(() => {
    const onLeave = (event: BeforeUnloadEvent) => {
      if (Object.keys(pending.current).length) event.preventDefault();
    };
    window.addEventListener("beforeunload", onLeave);
    return () => window.removeEventListener("beforeunload", onLeave);
  }, []);

  return { state, error, fieldErrors, queue, flush };
}

export default function Editor({ loaderData, actionData }: Route.ComponentProps) {
  const { post, isAuthor } = loaderData;
  const autosave = useAutosave(post.slug);
  const submit = useSubmit();
  const failure = (intent: string) => asFailure(actionData, intent);
  const success = (intent: string) => asSuccess(actionData, intent)?.message;
  const saveFailure = failure("save");
  const fieldErrors = (name: string) => [...errorsFor(saveFailure, name), ...(autosave.fieldErrors[name] ?? [])];
  const tagsText = post.tags.map((t) => t.name).join(", ");

  const uploadImage = useCallback(
    (file: File) => {
      const form = new FormData();
      form.set("file", file);
      return fetch(`/api/v1/post/${post.slug}/image/`, {
        method: "POST",
        body: form,
        headers: { "X-CSRFTOKEN": csrfToken() },
      }).then(async (res) => {
        const body = (await res.json().catch(() => null)) as {
          url: string;
          width: number;
          height: number;
          detail?: string;
        } | null;
        if (!res.ok || !body) throw new Error(body?.detail ?? "Не удалось загрузить картинку.");
        return body;
      });
    },
    [post.slug],
  );

  return (
    <main className="page page-editor">
      <header className="page-header editor-header">
        <div>
          <h1 className="page-title">{post.is_published ? "Редактирование статьи" : "Черновик"}</h1>
          <p className="muted" role="status" aria-live="polite">
            {autosave.error ? `${SAVE_LABEL.error} ${autosave.error}` : SAVE_LABEL[autosave.state]}
          </p>
        </div>
        <Link to={`/posts/${post.slug}`} className="btn btn-ghost">
          {post.is_published ? "Открыть статью" : "Предпросмотр"}
        </Link>
      </header>

      <section className="card">
        <Form
          method="post"
          className="form"
          onChange={(event) => {
            const field = event.target as unknown as HTMLInputElement;
            if (field.name === "title" || field.name === "headline") autosave.queue({ [field.name]: field.value });
            if (field.name === "tags") autosave.queue({ tags: splitTags(field.value) });
          }}
        >
          <CsrfField />
          <input type="hidden" name="intent" value="save" />
          <FormErrors failure={saveFailure} fields={["title", "headline", "tags"]} />
          <Field
            label="Заголовок"
            name="title"
            defaultValue={post.title}
            maxLength={POST_TITLE_MAX}
            errors={fieldErrors("title")}
          />
          <div className="field">
            <label htmlFor="editor-headline">Краткое описание</label>
            <textarea
              id="editor-headline"
              name="headline"
              defaultValue={post.headline}
              maxLength={POST_HEADLINE_MAX}
              rows={3}
            />
            {fieldErrors("headline").map((m) => (
              <p key={m} className="field-error">
                {m}
              </p>
            ))}
          </div>
          <Field
            label="Теги"
            name="tags"
            defaultValue={tagsText}
            hint="Через запятую, до 10 тегов: например, «ведьмак, rpg, обзор»."
            errors={fieldErrors("tags")}
          />
          <SubmitButton intent="save" variant="secondary" pendingText="Сохраняем…">
            Сохранить
          </SubmitButton>
          <SuccessMessage message={success("save")} />
        </Form>
      </section>

      <section className="card" aria-labelledby="editor-body-title">
        <h2 id="editor-body-title" className="visually-hidden">
          Текст статьи
        </h2>
        <noscript>
          <p className="info">Текст статьи редактируется в браузере с включённым JavaScript.</p>
        </noscript>
        <PostEditor
          initialBody={post.body ?? { type: "doc", content: [] }}
          onChange={(body) => autosave.queue({ body })}
          uploadImage={uploadImage}
        />
        {autosave.fieldErrors.body ? <p className="field-error">{autosave.fieldErrors.body[0]}</p> : null}
      </section>

      <section className="card" aria-labelledby="editor-cover-title">
        <h2 id="editor-cover-title">Обложка</h2>
        {post.image && !post.is_video_background ? (
          <img className="editor-cover-preview" src={post.image} alt="Обложка статьи" />
        ) : null}
        {post.image && post.is_video_background ? (
          <p>
            Видео для фона: <a href={post.image}>{post.image}</a>
          </p>
        ) : null}
        <Form method="post" encType="multipart/form-data" className="form">
          <CsrfField />
          <input type="hidden" name="intent" value="cover" />
          <FormErrors failure={failure("cover")} fields={["file", "image"]} />
          <Field
            label="Картинка"
            name="file"
            type="file"
            accept="image/*"
            required
            errors={[...errorsFor(failure("cover"), "file"), ...errorsFor(failure("cover"), "image")]}
          />
          <SubmitButton intent="cover" variant="secondary" pendingText="Загружаем…">
            Загрузить обложку
          </SubmitButton>
          <SuccessMessage message={success("cover")} />
        </Form>
        <Form method="post" className="form">
          <CsrfField />
          <input type="hidden" name="intent" value="cover-video" />
          <FormErrors failure={failure("cover-video")} fields={["image"]} />
          <Field
            label="Или видео для фона"
            name="video"
            type="url"
            placeholder="https://…"
            defaultValue={post.is_video_background ? (post.image ?? "") : ""}
            errors={errorsFor(failure("cover-video"), "image")}
          />
          <SubmitButton intent="cover-video" variant="secondary">
            Сохранить видео
          </SubmitButton>
          <SuccessMessage message={success("cover-video")} />
        </Form>
        {post.image ? (
          <Form method="post" className="form form-inline">
            <CsrfField />
            <input type="hidden" name="intent" value="cover-remove" />
            <SubmitButton intent="cover-remove" variant="danger">
              Убрать обложку
            </SubmitButton>
            <SuccessMessage message={success("cover-remove")} />
          </Form>
        ) : null}
      </section>

      {!post.is_published && post.can_share ? (
        <section className="card" aria-labelledby="editor-share-title">
          <h2 id="editor-share-title">Совместная работа</h2>
          {post.shared_with.length ? (
            <p>Черновик открыт для: {post.shared_with.map((u) => u.username).join(", ")}.</p>
          ) : (
            <p className="muted">Поделитесь черновиком — участник увидит его во вкладке «Общие» и сможет править.</p>
          )}
          <Form method="post" className="form">
            <CsrfField />
            <input type="hidden" name="intent" value="share" />
            <FormErrors failure={failure("share")} fields={["username"]} />
            <Field label="Имя участника" name="username" errors={errorsFor(failure("share"), "username")} />
            <SubmitButton intent="share" variant="secondary">
              Поделиться
            </SubmitButton>
            <SuccessMessage message={success("share")} />
          </Form>
        </section>
      ) : null}

      <section className="card editor-actions" aria-label="Публикация">
        <FormErrors failure={failure("publish") ?? failure("unpublish") ?? failure("delete") ?? failure("leave")} />
        <SuccessMessage message={success("unpublish")} />
        <div className="form-actions">
          {!post.is_published && post.can_publish ? (
            <Form
              method="post"
              onSubmit={(event) => {
                // Save what is still pending, then publish.
                event.preventDefault();
                const formData = new FormData(event.currentTarget);
                void autosave.flush().then(() => submit(formData, { method: "post" }));
              }}
            >
              <CsrfField />
              <input type="hidden" name="intent" value="publish" />
              <SubmitButton intent="publish" pendingText="Публикуем…">
                Опубликовать
              </SubmitButton>
            </Form>
          ) : null}
          {post.is_published && post.can_publish ? (
            <Form method="post">
              <CsrfField />
              <input type="hidden" name="intent" value="unpublish" />
              <SubmitButton intent="unpublish" variant="secondary">
                Снять с публикации
              </SubmitButton>
            </Form>
          ) : null}
          {post.can_delete ? (
            <Form
              method="post"
              onSubmit={(event) => {
                if (!window.confirm("Удалить статью навсегда?")) event.preventDefault();
              }}
            >
              <CsrfField />
              <input type="hidden" name="intent" value="delete" />
              <SubmitButton intent="delete" variant="danger">
                Удалить
              </SubmitButton>
            </Form>
          ) : null}
          {!isAuthor && !post.is_published ? (
            <Form method="post">
              <CsrfField />
              <input type="hidden" name="intent" value="leave" />
              <SubmitButton intent="leave" variant="secondary">
                Покинуть черновик
              </SubmitButton>
            </Form>
          ) : null}
        </div>
      </section>
    </main>
  );
}
