import type { useNotice } from "#app/components/notices";

type Notices = ReturnType<typeof useNotice>;

/** Spec §8 copy texts, to the letter. */
export const COPY_FAILED_TITLE = "Что-то пошло не так.";
export const COPY_FAILED_TEXT = "Значение не скопировано в буфер обмена. Попробуйте еще раз.";
export const copiedText = (title: string) => `${title} скопировано в буфер обмена.`;

/**
 * Copies `value` and says so: '{title} скопировано в буфер обмена.', or the spec's failure notice (no
 * permission, no secure context, an old browser). The one copy-to-clipboard of the site.
 */
export async function copyWithNotice(notices: Notices, title: string, value: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) throw new Error("no clipboard");
    await navigator.clipboard.writeText(value);
    notices.success(copiedText(title));
    return true;
  } catch {
    notices.error(COPY_FAILED_TITLE, COPY_FAILED_TEXT);
    return false;
  }
}
