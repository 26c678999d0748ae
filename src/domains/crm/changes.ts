/** Without If-Match a PATCH retries this often when a concurrent writer moved the version first. */
export const MAX_ATTEMPTS = 5;

/** The names of the fields in `next` whose value differs from `before` (arrays compared by content). */
export function changedFields<T extends object>(before: T, next: Partial<T>): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(next)) {
    if (value === undefined) continue;
    const old = (before as Record<string, unknown>)[key];
    const same = Array.isArray(value) || Array.isArray(old) ? JSON.stringify(value) === JSON.stringify(old) : value === old;
    if (!same) out.push(key);
  }
  return out;
}
