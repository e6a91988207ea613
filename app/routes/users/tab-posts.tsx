import { EmptyState, findTab, useProfile } from "./profile-parts";

/** Статьи: the member's published posts (the list arrives with the posts issue). */
export default function ProfilePosts() {
  const { user, isOwn } = useProfile();
  const tab = findTab("");
  return <EmptyState>{isOwn ? tab?.empty?.own : tab?.empty?.other(user.username)}</EmptyState>;
}
