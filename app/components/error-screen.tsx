import { Link } from "#app/components/link";

const SCREENS: Record<404 | 403 | 500, { title: string; code: string }> = {
  404: { title: "Упс! Похоже ты потерялся...", code: "404" },
  403: { title: "А вам сюда нельзя...", code: "403" },
  500: { title: "Упс! Что-то пошло не так...", code: "500" },
};

/** Which screen an HTTP status gets: 404 and 403 have their own, everything else is 500 (spec §8). */
export function errorScreenStatus(status: number | undefined): 404 | 403 | 500 {
  return status === 404 ? 404 : status === 403 ? 403 : 500;
}

/** The error screen that replaces the page and the footer (spec §2 "Error screens"). */
export function ErrorScreen({ status, detail }: { status: 404 | 403 | 500; detail?: string }) {
  const screen = SCREENS[status];
  return (
    <main className="page error-screen" aria-labelledby="error-title">
      <p className="error-code" aria-hidden="true">
        {screen.code}
      </p>
      <h1 id="error-title" className="error-title">
        {screen.title}
      </h1>
      {detail ? <p className="error-detail">{detail}</p> : null}
      {status === 500 ? (
        <p className="error-hint">
          Если ошибка повторяется, напишите нам в поддержку — расскажите, что вы делали, и мы всё починим.
        </p>
      ) : null}
      {/* A full page load: after an error the app state may be broken. */}
      <Link to="/" className="btn btn-primary" reloadDocument={status === 500}>
        На главную
      </Link>
    </main>
  );
}
