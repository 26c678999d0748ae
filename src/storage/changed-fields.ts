/** A record's own bookkeeping, never reported as a change. */
const UNCOMPARED = new Set(['version', 'updated_at']);

/** The names of the fields whose values differ (arrays and objects compared by content). */
export function changedFields(before: object, after: object): string[] {
  const out: string[] = [];
  const old = before as Record<string, unknown>;
  for (const [key, value] of Object.entries(after)) {
    if (UNCOMPARED.has(key)) continue;
    const was = old[key];
    const same = typeof value === 'object' && value !== null ? JSON.stringify(value) === JSON.stringify(was) : value === was;
    if (!same) out.push(key);
  }
  return out;
}
