/** Slug helper: lowercase, non-alphanumerics to hyphens, trimmed of hyphens, at most 60 characters. */
export function slugify(input: string): string {
  return input
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
}
