const COMMENT_PREVIEW_CHARS = 180;

/** A chain card's comment: up to 180 characters, a longer one cut to 177 and «…» (docs/admin-calendar.md#what-it-does). */
export function commentPreview(comment: string): string {
  const text = comment.trim();
  return text.length > COMMENT_PREVIEW_CHARS ? `${text.slice(0, COMMENT_PREVIEW_CHARS - 3)}…` : text;
}
