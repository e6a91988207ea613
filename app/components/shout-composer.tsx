import { useEffect, useId, useRef, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import { Link } from "#app/components/link";
import { useHydrated } from "#app/lib/hooks";
import {
  SHOUT_CAPTION_MAX,
  SHOUT_IMAGE_MAX_BYTES,
  SHOUT_MEDIA_MAX,
  SHOUT_TEXT_MAX,
} from "#workers/core/shouts/shouts.constants";
import { CsrfField } from "./csrf-field";
import { asFailure, FieldErrors, FormErrors } from "./form";
import { IconClose, IconFire } from "./icons";
import { useNotice } from "./notices";
import type { ShoutFormResult } from "./shout-actions";

interface Picked {
  key: string;
  file: File;
  preview: string;
  caption: string;
}

const MB = 1024 * 1024;

function IconPicture() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden="true"
    >
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <circle cx="9" cy="10" r="2" />
      <path d="m21 16-5-5-9 9" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function videoLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * The new shout form at the top of the bonfire (members): text, up to SHOUT_MEDIA_MAX pictures and video links,
 * «Скрыть медиа». It is a multipart POST to the bonfire's action and works as a plain HTML form without
 * JavaScript (pictures included). With JavaScript the pictures get previews, a caption each and a remove button
 * (the file input's list is kept equal to them, so the form's own submission carries exactly what is shown),
 * pictures can be pasted into the text or dropped on the form, and the form is sent by a fetcher: the list updates in place. Errors from
 * the server appear under their fields and nothing typed is lost.
 */
export function ShoutComposer() {
  const fetcher = useFetcher<ShoutFormResult>();
  const hydrated = useHydrated();
  const actionData = useActionData();
  const notice = useNotice();
  const id = useId();
  const failure = asFailure(fetcher.data) ?? (hydrated ? null : asFailure(actionData, "shout"));
  const [picked, setPicked] = useState<Picked[]>([]);
  const [localError, setLocalError] = useState<string[]>([]);
  const [length, setLength] = useState((failure?.values?.text ?? "").length);
  const [videos, setVideos] = useState(failure?.values?.videos ?? "");
  const [formKey, setFormKey] = useState(0);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const pending = fetcher.state !== "idle";

  // The file input holds exactly the pictures shown (a new choice adds to them instead of replacing them).
  useEffect(() => {
    const node = input.current;
    if (!node || !hydrated) return;
    const transfer = new DataTransfer();
    for (const p of picked) transfer.items.add(p.file);
    node.files = transfer.files;
  }, [picked, hydrated]);

  // Previews are object URLs: freed when a picture is removed or the form goes away.
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const all = previews.current;
    return () => {
      for (const url of all) URL.revokeObjectURL(url);
    };
  }, []);

  const result = fetcher.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new result resets the form
  useEffect(() => {
    if (!result?.ok) return;
    for (const p of picked) URL.revokeObjectURL(p.preview);
    setPicked([]);
    setVideos("");
    setLength(0);
    setLocalError([]);
    setFormKey((k) => k + 1);
    notice.success(result.message ?? "Записка опубликована.");
  }, [result]);

  function addFiles(list: Iterable<File>) {
    const errors: string[] = [];
    const next = [...picked];
    const room = SHOUT_MEDIA_MAX - videoLines(videos).length;
    for (const file of list) {
      if (!file.type.startsWith("image/")) {
        errors.push(`«${file.name}» — не картинка: подойдут JPEG, PNG, GIF или WebP.`);
        continue;
      }
      if (file.size > SHOUT_IMAGE_MAX_BYTES) {
        errors.push(`«${file.name}» больше ${SHOUT_IMAGE_MAX_BYTES / MB} МБ.`);
        continue;
      }
      if (next.length >= room) {
        errors.push(`Не больше ${SHOUT_MEDIA_MAX} картинок и видео в одной записке.`);
        break;
      }
      const preview = URL.createObjectURL(file);
      previews.current.add(preview);
      next.push({
        key: `${file.name}-${file.size}-${file.lastModified}-${next.length}-${Date.now()}`,
        file,
        preview,
        caption: "",
      });
    }
    setLocalError(errors);
    setPicked(next);
  }

  function remove(key: string) {
    setPicked((list) => {
      const gone = list.find((p) => p.key === key);
      if (gone) {
        URL.revokeObjectURL(gone.preview);
        previews.current.delete(gone.preview);
      }
      return list.filter((p) => p.key !== key);
    });
    setLocalError([]);
  }

  const textErrors = failure?.errors.text;
  const fileErrors = [...(failure?.errors.files ?? []), ...localError];
  const videoErrors = failure?.errors.videos;
  const captionErrors = Object.entries(failure?.errors ?? {})
    .filter(([field]) => field.startsWith("captions"))
    .flatMap(([, list]) => list);
  const shownFields = [
    "text",
    "files",
    "videos",
    ...Object.keys(failure?.errors ?? {}).filter((f) => f.startsWith("captions")),
  ];
  const mediaCount = picked.length + videoLines(videos).length;
  const textId = `${id}-text`;

  return (
    <section className="card shout-composer" aria-labelledby={`${id}-title`}>
      <h2 className="visually-hidden" id={`${id}-title`}>
        Новая записка
      </h2>
      <fetcher.Form
        key={formKey}
        method="post"
        action="/bonfire"
        encType="multipart/form-data"
        className={`composer-form${dragging ? " is-dragging" : ""}`}
        onDragOver={(event) => {
          if (!event.dataTransfer.types.includes("Files")) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={(event) => {
          if (!event.dataTransfer.files.length) return;
          event.preventDefault();
          setDragging(false);
          addFiles([...event.dataTransfer.files]);
        }}
        onSubmit={(event) => {
          if (mediaCount > SHOUT_MEDIA_MAX) {
            event.preventDefault();
            setLocalError([`Не больше ${SHOUT_MEDIA_MAX} картинок и видео в одной записке.`]);
          }
        }}
      >
        <CsrfField />
        <input type="hidden" name="intent" value="shout" />
        {hydrated ? null : <input type="hidden" name="nojs" value="1" />}
        <label htmlFor={textId} className="visually-hidden">
          Текст записки
        </label>
        <textarea
          id={textId}
          name="text"
          rows={3}
          maxLength={SHOUT_TEXT_MAX}
          placeholder="Что нового у костра? Ссылки, @имена и #теги станут ссылками."
          defaultValue={failure?.values?.text ?? ""}
          onInput={(event) => setLength(event.currentTarget.value.length)}
          onPaste={(event) => {
            const files = [...event.clipboardData.files].filter((f) => f.type.startsWith("image/"));
            if (files.length) {
              event.preventDefault();
              addFiles(files);
            }
          }}
          aria-invalid={textErrors?.length ? true : undefined}
          aria-describedby={`${textId}-count${textErrors?.length ? ` ${textId}-error` : ""}`}
        />
        <FieldErrors id={`${textId}-error`} errors={textErrors} />

        {picked.length ? (
          <ul className="composer-previews" aria-label="Выбранные картинки">
            {picked.map((p, index) => (
              <li key={p.key} className="composer-preview">
                <img src={p.preview} alt={`Картинка ${index + 1}`} />
                <button
                  type="button"
                  className="composer-remove"
                  aria-label={`Убрать картинку ${index + 1}`}
                  title="Убрать"
                  onClick={() => remove(p.key)}
                >
                  <IconClose size={16} />
                </button>
                <label className="visually-hidden" htmlFor={`${id}-caption-${index}`}>
                  Подпись к картинке {index + 1}
                </label>
                <input
                  id={`${id}-caption-${index}`}
                  className="composer-caption"
                  type="text"
                  name="caption"
                  maxLength={SHOUT_CAPTION_MAX}
                  placeholder="Подпись"
                  value={p.caption}
                  onChange={(event) => {
                    const caption = event.currentTarget.value;
                    setPicked((list) => list.map((item) => (item.key === p.key ? { ...item, caption } : item)));
                  }}
                />
                <FieldErrors id={`${id}-caption-${index}-error`} errors={failure?.errors[`captions.${index}`]} />
              </li>
            ))}
          </ul>
        ) : null}
        {captionErrors.length && !picked.length ? (
          <FieldErrors id={`${id}-captions-error`} errors={captionErrors} />
        ) : null}

        <details className="composer-videos" open={!!videos || !!videoErrors?.length}>
          <summary>Добавить видео</summary>
          <label htmlFor={`${id}-videos`} className="field-hint">
            Ссылки на YouTube, VK Видео или Twitch — по одной в строке
          </label>
          <textarea
            id={`${id}-videos`}
            name="videos"
            rows={2}
            value={videos}
            onChange={(event) => setVideos(event.currentTarget.value)}
            placeholder="https://www.youtube.com/watch?v=…"
            aria-invalid={videoErrors?.length ? true : undefined}
            aria-describedby={videoErrors?.length ? `${id}-videos-error` : undefined}
          />
          <FieldErrors id={`${id}-videos-error`} errors={videoErrors} />
        </details>

        <div className="composer-bar">
          <label className={`composer-files${hydrated ? " is-enhanced" : ""}`}>
            <span className="composer-files-label">
              {hydrated ? <IconPicture /> : null}
              {hydrated
                ? picked.length
                  ? `Ещё картинки · ${picked.length} из ${SHOUT_MEDIA_MAX}`
                  : "Добавить картинки"
                : "Картинки"}
            </span>
            <input
              ref={input}
              type="file"
              name="files"
              accept="image/*"
              multiple
              aria-describedby={fileErrors.length ? `${id}-files-error` : undefined}
              onChange={(event) => {
                const chosen = [...(event.currentTarget.files ?? [])];
                // The effect above puts the full list back into the input.
                if (hydrated) addFiles(chosen.filter((f) => !picked.some((p) => p.file === f)));
              }}
            />
          </label>
          <div className="field field-checkbox composer-hide">
            <input
              id={`${id}-hidden`}
              type="checkbox"
              name="is_media_hidden"
              defaultChecked={failure?.values?.is_media_hidden === "on"}
            />
            <label htmlFor={`${id}-hidden`} title="Картинки и видео откроются по кнопке «Показать медиа»">
              Скрыть медиа
            </label>
          </div>
          <span className="composer-count" id={`${textId}-count`} aria-live="off">
            {length} / {SHOUT_TEXT_MAX}
          </span>
          <button
            type="submit"
            className="btn btn-primary composer-submit"
            disabled={pending}
            aria-busy={pending || undefined}
          >
            <IconFire size={16} />
            {pending ? "Публикуем…" : "Опубликовать"}
          </button>
        </div>
        <FieldErrors id={`${id}-files-error`} errors={fileErrors.length ? fileErrors : undefined} />
        <noscript>
          <p className="field-hint composer-nojs-hint">
            Без JavaScript подписи к картинкам не добавить; после ошибки картинки нужно выбрать заново.
          </p>
        </noscript>
        <FormErrors failure={failure} fields={shownFields} />
      </fetcher.Form>
    </section>
  );
}

/** Guests see an invitation instead of the form. */
export function ShoutInvite() {
  return (
    <section className="card shout-invite" aria-labelledby="shout-invite-title">
      <span className="shout-invite-icon" aria-hidden="true">
        <IconFire size={28} />
      </span>
      <div className="shout-invite-text">
        <h2 id="shout-invite-title">Подсаживайтесь к костру</h2>
        <p>Войдите или зарегистрируйтесь, чтобы оставлять записки, комментировать и ставить лапки.</p>
      </div>
      <div className="shout-invite-actions">
        <Link to="/auth/sign-in?redirectTo=%2Fbonfire" className="btn btn-primary">
          Войти
        </Link>
        <Link to="/auth/sign-up" className="btn btn-ghost">
          Зарегистрироваться
        </Link>
      </div>
    </section>
  );
}
