import { formFiles, formList } from "#app/lib/forms.server";

/**
 * The editors' forms → the API's fields. A date comes as a precision (day, month, quarter, year), a date picker
 * and an optional time (Moscow), and becomes the `datetime_released` forms the service parses ("2027-03-14T18:00",
 * "2027-03", "2027-Q4", "2027"); anything it cannot compose is passed as typed, for the service to refuse.
 */
export function releaseDateFromForm(form: FormData): string {
  const precision = String(form.get("precision") ?? "day");
  const date = String(form.get("date") ?? "").trim();
  const time = String(form.get("time") ?? "").trim();
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const [, year, month] = match;
  switch (precision) {
    case "year":
      return year;
    case "quarter":
      return `${year}-Q${Math.floor((Number(month) - 1) / 3) + 1}`;
    case "month":
      return `${year}-${month}`;
    default:
      return time ? `${date}T${time}` : date;
  }
}

/** A release's fields from a form: platforms (checkboxes), the date, the note. */
export function releaseFieldsFromForm(form: FormData): Record<string, unknown> {
  return {
    platforms: formList(form, "platforms"),
    datetime_released: releaseDateFromForm(form),
    note: String(form.get("note") ?? ""),
  };
}

/** The cover file, when one was chosen. */
export function coverFromForm(form: FormData): File | undefined {
  return formFiles(form, "cover")[0];
}
