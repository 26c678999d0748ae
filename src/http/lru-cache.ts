/**
 * A map bounded by least-recently-used eviction whose entries also expire after `ttlMs`.
 * A hit moves its entry to the young end (a Map keeps insertion order); a set beyond `max`
 * drops the oldest entry, so a flood of new keys evicts only what has not been used since.
 */
export class LruCache<V> {
  readonly #entries = new Map<string, { value: V; at: number }>();
  /** The key at the young end of #entries (the last one set or moved there). */
  #youngest: string | undefined;

  constructor(
    private readonly max: number,
    private readonly ttlMs: number,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  get(key: string, now: number): V | undefined {
    const hit = this.#entries.get(key);
    if (hit === undefined) return undefined;
    if (now - hit.at >= this.ttlMs) {
      this.#entries.delete(key);
      return undefined;
    }
    // A client sending request after request hits the youngest entry: it stays where it is.
    if (key !== this.#youngest) {
      this.#entries.delete(key);
      this.#entries.set(key, hit);
      this.#youngest = key;
    }
    return hit.value;
  }

  set(key: string, value: V, now: number): void {
    this.#entries.delete(key);
    this.#entries.set(key, { value, at: now });
    this.#youngest = key;
    if (this.#entries.size > this.max) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
  }

  clear(): void {
    this.#entries.clear();
    this.#youngest = undefined;
  }
}
