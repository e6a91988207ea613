import { useId } from "react";
import { Form } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import type { FormFailure } from "#app/components/form/action-result";
import { Field, FieldErrors, SelectField } from "#app/components/form/field";
import { FormErrors } from "#app/components/form/form-errors";
import { SubmitButton } from "#app/components/form/submit-button";
import { type Precision, wallTime } from "#workers/core/calendar/calendar.dates";
import type { GameRelease, PlatformShape } from "#workers/core/calendar/calendar.serializers";

/** The editors' plain forms: a release's date, platforms and note; a new game; a game's title and cover. */

const PRECISION_OPTIONS: [Precision, string][] = [
  ["day", "День"],
  ["month", "Месяц"],
  ["quarter", "Квартал"],
  ["year", "Год"],
];

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

/** The date picker's value and time of a stored release (Moscow time). */
function dateInputs(release: GameRelease | undefined): { date: string; time: string } {
  if (!release) return { date: "", time: "" };
  const w = wallTime(new Date(release.datetime_released));
  return {
    date: `${w.year}-${pad(w.month)}-${pad(w.day)}`,
    time: release.has_time ? `${pad(w.hour)}:${pad(w.minute)}` : "",
  };
}

export function ReleaseFields({
  platforms,
  release,
  failure,
}: {
  platforms: PlatformShape[];
  release?: GameRelease;
  failure: FormFailure | null;
}) {
  const id = useId();
  const errors = failure?.errors ?? {};
  const selected = new Set(release?.platforms.map((p) => p.id) ?? []);
  const { date, time } = dateInputs(release);
  return (
    <>
      <div className="form-row cal-date-row">
        <SelectField label="Точность даты" name="precision" defaultValue={release?.precision ?? "day"}>
          {PRECISION_OPTIONS.map(([value, title]) => (
            <option key={value} value={value}>
              {title}
            </option>
          ))}
        </SelectField>
        <Field
          label="Дата выхода"
          name="date"
          type="date"
          required
          defaultValue={date}
          errors={errors.datetime_released}
          hint="Для месяца, квартала и года — любой день периода."
        />
        <Field label="Время (МСК)" name="time" type="time" defaultValue={time} />
      </div>
      <fieldset className="cal-platform-choices" aria-describedby={errors.platforms ? `${id}-platforms` : undefined}>
        <legend>Платформы</legend>
        {platforms.map((p) => (
          <label key={p.id} className="checkbox">
            <input type="checkbox" name="platforms" value={p.id} defaultChecked={selected.has(p.id)} /> {p.title}
          </label>
        ))}
        <FieldErrors id={`${id}-platforms`} errors={errors.platforms} />
      </fieldset>
      <Field
        label="Пометка"
        name="note"
        defaultValue={release?.note ?? ""}
        maxLength={60}
        placeholder="Ранний доступ, Япония…"
        errors={errors.note}
      />
    </>
  );
}

export function NewGameForm({ platforms, failure }: { platforms: PlatformShape[]; failure: FormFailure | null }) {
  return (
    <details className="card cal-editor" open={!!failure}>
      <summary className="cal-editor-summary">Добавить игру</summary>
      <Form method="post" encType="multipart/form-data" className="form cal-editor-form">
        <CsrfField />
        <input type="hidden" name="intent" value="create-game" />
        <FormErrors failure={failure} fields={["title", "cover", "datetime_released", "platforms", "note"]} />
        <Field
          label="Название"
          name="title"
          required
          maxLength={150}
          defaultValue={failure?.values?.title}
          errors={failure?.errors.title}
        />
        <Field
          label="Обложка"
          name="cover"
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          errors={failure?.errors.cover}
          hint="JPEG, PNG, GIF или WebP до 5 МБ; лучше вертикальная 3:4."
        />
        <ReleaseFields platforms={platforms} failure={failure} />
        <div className="form-actions">
          <SubmitButton intent="create-game" pendingText="Добавляем…">
            Добавить игру
          </SubmitButton>
        </div>
      </Form>
    </details>
  );
}
