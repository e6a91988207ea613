import { Link } from "#app/components/link";

/**
 * The page a plain (no-JavaScript) form lands on when its action failed and there is no page to return to:
 * what went wrong and a way home. Actions answered through a fetcher never show it.
 */
export function ActionFailurePage({ title, detail }: { title: string; detail: string }) {
  return (
    <main className="page">
      <section className="card card-narrow">
        <h1 className="page-title">{title}</h1>
        <p className="form-error" role="alert">
          {detail}
        </p>
        <Link className="btn btn-primary" to="/" reloadDocument>
          На главную
        </Link>
      </section>
    </main>
  );
}
