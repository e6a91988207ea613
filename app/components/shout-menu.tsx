import { useFetcher } from "react-router";
import { Link } from "#app/components/link";
import { useBackPath } from "#app/lib/back-path";
import { useHydrated } from "#app/lib/hooks";
import type { ShoutView } from "#workers/core/shouts/shouts.serializers";
import { ConfirmDialog, useConfirmedSubmit } from "./confirm-dialog";
import { CsrfField } from "./csrf-field";
import { Dropdown } from "./dropdown";
import { UNPIN_QUESTION } from "./pin-form";
import { ReportLink } from "./report-link";
import { ShareButton } from "./share-button";
import { type ShoutActionResult, shoutUrl, useShoutResultNotice } from "./shout-actions";

function closeDetails(node: HTMLElement | null) {
  const details = node?.closest("details");
  if (details) details.open = false;
}

/**
 * The shout's menu «⋯»: Изменить and Удалить (author, moderators), Закрепить/Открепить, Заглушить and
 * Заморозить (moderators). Every item is a POST form to the shout page's action (a fetcher with JavaScript;
 * without it a plain form that comes back to this page). Deleting asks first, as does unpinning ('Убрать
 * закрепленную публикацию?').
 */
export function ShoutMenu({
  shout,
  detail,
  fetcherKey,
  onEdit,
  onDeleted,
}: {
  shout: ShoutView;
  detail: boolean;
  /** In a list: the list's keyed fetcher (the list shows the notices); alone: a fetcher of its own. */
  fetcherKey?: string;
  onEdit: () => void;
  onDeleted?: () => void;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<ShoutActionResult>(fetcherKey ? { key: fetcherKey } : undefined);
  const back = useBackPath(`shout-${shout.id}`);
  const remove = useConfirmedSubmit((form) => fetcher.submit(form));
  const unpin = useConfirmedSubmit((form) => fetcher.submit(form));
  useShoutResultNotice(fetcherKey ? undefined : fetcher.data, onDeleted);

  const pending = fetcher.state !== "idle" && fetcher.formAction === shoutUrl(shout.id);
  const url = shoutUrl(shout.id);
  const hidden = (intent: string) => (
    <>
      <CsrfField />
      <input type="hidden" name="intent" value={intent} />
      {hydrated ? null : (
        <input type="hidden" name="redirectTo" value={intent === "delete-shout" && detail ? "/bonfire" : back} />
      )}
    </>
  );

  return (
    <>
      <Dropdown
        align="end"
        className="shout-menu"
        label={
          <>
            <span aria-hidden="true" className="shout-menu-dots">
              •••
            </span>
            <span className="visually-hidden">Действия с запиской</span>
          </>
        }
      >
        {shout.can_edit ? (
          hydrated ? (
            <button
              type="button"
              className="dropdown-item"
              onClick={(event) => {
                closeDetails(event.currentTarget);
                onEdit();
              }}
            >
              Изменить
            </button>
          ) : (
            <Link className="dropdown-item" to={`${url}?edit=shout#shout-${shout.id}`}>
              Изменить
            </Link>
          )
        ) : null}
        {shout.can_moderate ? (
          <>
            <fetcher.Form
              ref={unpin.form}
              method="post"
              action={url}
              onSubmit={(event) => {
                closeDetails(event.currentTarget);
                if (shout.is_pinned) unpin.ask(event);
              }}
            >
              {hidden("pin")}
              <button type="submit" className="dropdown-item" disabled={pending}>
                {shout.is_pinned ? "Открепить" : "Закрепить"}
              </button>
            </fetcher.Form>
            <fetcher.Form method="post" action={url} onSubmit={(event) => closeDetails(event.currentTarget)}>
              {hidden("mute")}
              <button
                type="submit"
                className="dropdown-item"
                disabled={pending}
                title={
                  shout.is_muted
                    ? "Вернуть записку в ленту костра"
                    : "Убрать записку из ленты: она останется доступна по ссылке"
                }
              >
                {shout.is_muted ? "Снять заглушку" : "Заглушить"}
              </button>
            </fetcher.Form>
            <fetcher.Form method="post" action={url} onSubmit={(event) => closeDetails(event.currentTarget)}>
              {hidden("freeze")}
              <button
                type="submit"
                className="dropdown-item"
                disabled={pending}
                title={shout.is_frozen ? "Снова разрешить комментарии" : "Закрыть комментарии"}
              >
                {shout.is_frozen ? "Разморозить" : "Заморозить"}
              </button>
            </fetcher.Form>
          </>
        ) : null}
        {shout.can_delete ? (
          <fetcher.Form
            ref={remove.form}
            method="post"
            action={url}
            onSubmit={(event) => {
              closeDetails(event.currentTarget);
              remove.ask(event);
            }}
          >
            {hidden("delete-shout")}
            <button type="submit" className="dropdown-item dropdown-item-danger" disabled={pending}>
              Удалить
            </button>
          </fetcher.Form>
        ) : null}
        <ShareButton url={shoutUrl(shout.id)} kind="shout" className="dropdown-item share-button" />
        <ReportLink type="shout" id={shout.id} authorId={shout.user.id} className="dropdown-item" />
      </Dropdown>
      {hydrated ? (
        <>
          <ConfirmDialog
            {...remove.dialog}
            title="Удалить записку?"
            text="Вместе с ней пропадут комментарии и картинки."
            confirmLabel="Удалить"
          />
          <ConfirmDialog {...unpin.dialog} title={UNPIN_QUESTION} confirmLabel="Убрать" cancelLabel="Отмена" />
        </>
      ) : null}
    </>
  );
}
