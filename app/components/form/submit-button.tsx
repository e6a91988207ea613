import type { ButtonHTMLAttributes, ReactNode } from "react";
import { useNavigation } from "react-router";

type SubmitButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type"> & {
  children: ReactNode;
  /** Shown while this form is being sent (JavaScript on). */
  pendingText?: ReactNode;
  /** On a page with several forms, only the one whose hidden `intent` matches shows as pending. */
  intent?: string;
  variant?: "primary" | "secondary" | "danger";
};

/** A submit button that shows the pending state of its form's submission. */
export function SubmitButton({
  children,
  pendingText,
  intent,
  variant = "primary",
  className,
  disabled,
  ...rest
}: SubmitButtonProps) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod !== undefined;
  const pending = submitting && (intent === undefined || navigation.formData?.get("intent") === intent);
  const classes = ["btn", variant === "primary" ? "btn-primary" : variant === "danger" ? "btn-danger" : null, className]
    .filter(Boolean)
    .join(" ");
  return (
    <button type="submit" className={classes} disabled={disabled || pending} aria-busy={pending || undefined} {...rest}>
      {pending ? (pendingText ?? "Отправляем…") : children}
    </button>
  );
}
