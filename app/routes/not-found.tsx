import { data } from "react-router";

/** Any unknown address: a 404 for the root error boundary (spec §2 "An unknown route gives 404"). */
export function loader() {
  throw data({ detail: "Страница не найдена." }, { status: 404 });
}

export default function NotFound() {
  return null;
}

/** A form posted to an unknown address is a 404 too, not a 405. */
export function action() {
  throw data({ detail: "Страница не найдена." }, { status: 404 });
}
