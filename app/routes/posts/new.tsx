import { Form, redirect } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import { asFailure, errorsFor, Field, FormErrors, SubmitButton } from "#app/components/form";
import { formFields, getCtx, readForm, runAction } from "#app/lib/forms.server";
import { pageMeta } from "#app/lib/meta";
import { POST_TITLE_MAX } from "#workers/core/posts/posts.constants";
import { createDraft } from "#workers/core/posts/posts.write";
import type { Route } from "./+types/new";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Новая статья", description: "Новая статья: начните с заголовка.", noindex: true });

export function loader({ context }: Route.LoaderArgs) {
  if (!getCtx(context).actor) throw redirect("/auth/sign-in?redirectTo=%2Fposts%2Fnew");
  return null;
}

/** Creates a draft (optionally titled) and opens it in the editor. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = getCtx(context);
  if (!ctx.actor) throw redirect("/auth/sign-in?redirectTo=%2Fposts%2Fnew");
  let values: Record<string, string> = {};
  return runAction(
    async () => {
      values = formFields(await readForm(request, ctx));
      const { slug } = await createDraft(ctx, values.title ? { title: values.title } : {});
      return redirect(`/posts/${slug}/editor`);
    },
    () => values,
  );
}

export default function NewPost({ actionData }: Route.ComponentProps) {
  const failure = asFailure(actionData);
  return (
    <main className="page page-narrow">
      <section className="card">
        <h1>Новая статья</h1>
        <p className="muted">Начните с заголовка — его можно будет поменять в редакторе.</p>
        <Form method="post" className="form">
          <CsrfField />
          <FormErrors failure={failure} fields={["title"]} />
          <Field label="Заголовок" name="title" maxLength={POST_TITLE_MAX} errors={errorsFor(failure, "title")} />
          <SubmitButton pendingText="Создаём…">Создать черновик</SubmitButton>
        </Form>
      </section>
    </main>
  );
}
