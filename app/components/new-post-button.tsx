import { Form } from "react-router";
import { Link } from "#app/components/link";
import { useRootData } from "#app/lib/root-data";
import { CsrfField } from "./csrf-field";
import { IconPen } from "./icons";
import { useNotice } from "./notices";

/**
 * "Написать" — for members a form that creates a draft and opens the editor; a guest gets the spec §5 notice instead
 * (without JavaScript the guest's link leads to the sign-in page).
 */
export function NewPostButton({
  className = "btn btn-primary",
  label = "Написать",
}: {
  className?: string;
  label?: string;
}) {
  const { user } = useRootData();
  const notice = useNotice();
  if (user) {
    // Creating a draft is a POST (never on a GET that a prefetch could trigger); it opens the editor.
    return (
      <Form method="post" action="/posts/new" className="new-post-form">
        <CsrfField />
        <button type="submit" className={className}>
          <IconPen size={18} />
          <span>{label}</span>
        </button>
      </Form>
    );
  }
  return (
    <Link
      to="/auth/sign-in"
      className={className}
      onClick={(event) => {
        event.preventDefault();
        notice.info("Войдите на сайт.", "Зарегистрируйтесь или войдите на сайт, чтобы опубликовать статью.", 5000);
      }}
    >
      <IconPen size={18} />
      <span>{label}</span>
    </Link>
  );
}
