import { redirect } from "react-router";

/** A numeric form field as a number; anything else is passed on for the service to refuse in Russian. */
export function formId(value: string | undefined): number | string | undefined {
  if (value === undefined || value === "") return undefined;
  return /^\d{1,15}$/.test(value) ? Number(value) : value;
}

/** What a page's comment forms do in its comments service (post comments or shout comments). */
export interface CommentService {
  create(input: { text: string; respond_to_comment: number | string | null }): Promise<{ id: number }>;
  update(id: number | string | undefined, input: { text: string }): Promise<{ id: number }>;
  remove(id: number | string | undefined): Promise<{ comments_count: number }>;
}

/**
 * The comment forms of a page with a comment tree (post and shout pages), by `intent`: comment, reply,
 * edit-comment, delete-comment. Plain forms (`nojs`) are redirected to the comment (or the comments) on `base`;
 * fetchers get JSON. Undefined for any other intent: the page handles it.
 */
export async function commentIntent(fields: Record<string, string>, base: string, service: CommentService) {
  const noJs = fields.nojs === "1";
  const intent = fields.intent;
  if (intent === "comment" || intent === "reply") {
    const created = await service.create({
      text: fields.text ?? "",
      respond_to_comment: intent === "reply" ? (formId(fields.respond_to_comment) ?? null) : null,
    });
    if (noJs) throw redirect(`${base}?comment=${created.id}#comment-${created.id}`);
    return { ok: true as const, intent, message: "Комментарий добавлен.", comment_id: created.id };
  }
  if (intent === "edit-comment") {
    const updated = await service.update(formId(fields.comment_id), { text: fields.text ?? "" });
    if (noJs) throw redirect(`${base}?comment=${updated.id}#comment-${updated.id}`);
    return { ok: true as const, intent, message: "Комментарий изменён.", comment_id: updated.id };
  }
  if (intent === "delete-comment") {
    const deleted = await service.remove(formId(fields.comment_id));
    if (noJs) throw redirect(`${base}?comments#comments`);
    return { ok: true as const, intent, message: "Комментарий удалён.", comments_count: deleted.comments_count };
  }
  return undefined;
}
