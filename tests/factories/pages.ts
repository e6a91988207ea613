/** A page's scripts: the data block with this id (app/lib/sidecar.tsx) and every other script's text. */
export function pageScripts(page: string, id: string): { block: string[]; others: string[] } {
  const block: string[] = [];
  const others: string[] = [];
  for (const [, attributes, text] of page.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g))
    (attributes?.includes(`id="${id}"`) ? block : others).push(text ?? "");
  return { block, others };
}
