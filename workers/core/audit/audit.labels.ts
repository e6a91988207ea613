/**
 * Russian labels of audit actions for /admin/audit (client-safe: no server imports). An action without a label
 * (one added later) shows as written.
 */
export const AUDIT_LABELS: Record<string, string> = {
  // members (sanctions, fingerprints: the moderation view)
  "user.ban": "Бан",
  "user.block": "Блокировка",
  "user.activate": "Снятие бана или блокировки",
  "user.fp_require": "Запрос отпечатка устройства",
  "user.fp_unrequire": "Отмена запроса отпечатка",
  "user.role_grant": "Выдача роли",
  "user.role_revoke": "Снятие роли",
  "user.mod_grant": "Назначение модератором",
  "user.mod_revoke": "Снятие прав модератора",
  "user.db_editor_grant": "Назначение редактором базы",
  "user.db_editor_revoke": "Снятие прав редактора базы",
  // roles
  "role.create": "Создание роли",
  "role.update": "Изменение роли",
  "role.delete": "Удаление роли",
  // reports
  "report.dismiss": "Жалоба отклонена",
  "report.hide": "Жалоба: содержимое скрыто",
  "report.delete": "Жалоба: содержимое удалено",
  "report.sanction": "Жалоба: автор наказан",
  // content
  "post.pin": "Закрепление статьи",
  "post.unpin": "Открепление статьи",
  "post.edit": "Правка чужой статьи",
  "post.unpublish": "Снятие чужой статьи с публикации",
  "post.delete": "Удаление чужой статьи",
  "comment.edit": "Правка чужого комментария",
  "comment.delete": "Удаление чужого комментария",
  "shout.pin": "Закрепление записки",
  "shout.unpin": "Открепление записки",
  "shout.mute": "Скрытие записки",
  "shout.unmute": "Возврат скрытой записки",
  "shout.freeze": "Заморозка записки",
  "shout.unfreeze": "Разморозка записки",
  "shout.edit": "Правка чужой записки",
  "shout.delete": "Удаление чужой записки",
  "shout_comment.edit": "Правка чужого комментария к записке",
  "shout_comment.delete": "Удаление чужого комментария к записке",
  // site
  "config.update": "Изменение настроек сайта",
  "config.menu": "Изменение меню сайта",
  // news feed sources
  "feed_source.create": "Новый источник ленты",
  "feed_source.update": "Изменение источника ленты",
  "feed_source.delete": "Удаление источника ленты",
  "feed_source.poll": "Проверка источника ленты",
  // background jobs (the queue, docs/decisions/0037-queues-fan-out.md)
  "queue.dead_letter": "Задание очереди не выполнено",
  "search.reindex": "Перестройка поискового индекса",
};

export function auditLabel(action: string): string {
  return AUDIT_LABELS[action] ?? action;
}

/** What a target type is called in the log. */
export const AUDIT_TARGET_LABELS: Record<string, string> = {
  user: "участник",
  role: "роль",
  post: "статья",
  comment: "комментарий",
  shout: "записка",
  shout_comment: "комментарий к записке",
  report: "жалоба",
  config: "настройки",
  feed_source: "источник ленты",
  queue: "задание очереди",
  search: "поиск",
};
