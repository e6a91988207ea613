import { Link } from "#app/components/link";
import { useRootData } from "#app/lib/root-data";
import type { ReportTarget } from "#workers/core/reports/reports.constants";

/** Where «Пожаловаться» leads: the report form of the item (a page: it works without JavaScript). */
export function reportUrl(type: ReportTarget, id: number): string {
  return `/report/${type}/${id}`;
}

/**
 * «Пожаловаться» on an item, for signed-in members other than its author (`authorId`). `className` fits it into
 * the menu or action row it sits in.
 */
export function ReportLink({
  type,
  id,
  authorId,
  className,
}: {
  type: ReportTarget;
  id: number;
  authorId: number;
  className?: string;
}) {
  const { user } = useRootData();
  if (!user || user.id === authorId) return null;
  return (
    <Link className={className} to={reportUrl(type, id)} rel="nofollow">
      Пожаловаться
    </Link>
  );
}
