import { isRouteErrorResponse } from "react-router";
import { ErrorScreen } from "#app/components/error-screen";
import { Link } from "#app/components/link";

/**
 * The page a plain (no-JavaScript) form lands on when its action failed and there is no page to return to:
 * what went wrong and a way home. Actions answered through a fetcher never show it.
 */
export function ActionFailurePage({ title, detail }: { title: string; detail: string }) {
  return (
    <main className="page">
      <section className="card card-narrow action-failure">
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

/**
 * The error boundary of a plain form's action route: the failure its action threw (`data({detail}, {status})`)
 * under the route's own title; anything else is the site's error screen, which shows no internals.
 */
export function ActionFailureBoundary({ title, error }: { title: string; error: unknown }) {
  if (isRouteErrorResponse(error) && error.status < 500 && typeof error.data?.detail === "string") {
    return <ActionFailurePage title={title} detail={error.data.detail} />;
  }
  return <ErrorScreen status={500} />;
}
