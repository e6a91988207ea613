import { MENTIONS_MAX } from "./notifications.constants";

/**
 * @mentions in plain text, as the comment text renders them (app/components/comment-text.tsx): a name of
 * letters, digits, «_», «.», «-» after "@" that does not follow a letter or digit; links are skipped. A name
 * followed by punctuation ("@Ведьмак.") is also tried without the trailing dots and dashes.
 */
const URL = /https?:\/\/[^\s<>"']+/gu;
const MENTION = /(^|[^\p{L}\p{N}_])@([\p{L}\p{N}][\p{L}\p{N}_.-]{1,31})/gu;

/** Candidate usernames mentioned in the text (as written; match them case-insensitively), at most `max`. */
export function mentionedNames(text: string, max = MENTIONS_MAX): string[] {
  const names: string[] = [];
  const seen = new Set<string>();
  for (const line of text.replace(URL, " ").split("\n")) {
    for (const match of line.matchAll(MENTION)) {
      const name = match[2];
      const trimmed = name.replace(/[.\-_]+$/u, "");
      for (const candidate of trimmed && trimmed !== name ? [name, trimmed] : [name]) {
        const key = candidate.toLocaleLowerCase("ru");
        if (seen.has(key)) continue;
        seen.add(key);
        names.push(candidate);
      }
      if (names.length >= max * 2) return names;
    }
  }
  return names;
}
