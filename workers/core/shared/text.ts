/**
 * Case-insensitive keys for Russian text. SQLite's lower() folds ASCII only, so every lookup that must
 * ignore case (usernames, e-mails, later tags) compares against a column filled with this.
 */
export function normaliseKey(value: string): string {
  return value.normalize("NFC").trim().toLocaleLowerCase("ru").replaceAll("ё", "е");
}
