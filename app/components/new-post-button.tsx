import { Link } from "react-router";
import { useRootData } from "#app/root";
import { IconPen } from "./icons";
import { useNotice } from "./notices";

/**
 * "Написать" — for members a link to the post editor; a guest gets the spec §5 notice instead
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
    return (
      <Link to="/posts/new" className={className}>
        <IconPen size={18} />
        <span>{label}</span>
      </Link>
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
