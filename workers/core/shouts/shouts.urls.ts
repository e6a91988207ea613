/** The shout page's address, and a comment's place on it (client-safe: the UI and the server build them alike). */
export function shoutUrl(id: number): string {
  return `/bonfire/${id}`;
}

export function shoutCommentUrl(shoutId: number, commentId: number): string {
  return `${shoutUrl(shoutId)}?comment=${commentId}`;
}
