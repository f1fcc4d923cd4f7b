// Values read from the table and kept per process (scoring settings, state rules, stores): fresh for `freshMs`;
// after that, for at most `staleMs` more, the kept value is still answered while one refresh runs in the background,
// so no request waits on a refresh (before, the requests that refreshed a cache were the slowest decisions: the
// refresh was a read on their path). A failed refresh keeps the old value until it is too old and is tried again by
// the next request; a failed first read is not kept. clear() forgets everything (a save in this process).

interface Entry<V> {
  at: number;
  value: Promise<V>;
  refreshing: boolean;
}

export class RecentValues<K, V> {
  private readonly entries = new Map<K, Entry<V>>();

  constructor(private readonly options: { freshMs: number; staleMs: number; maxEntries?: number }) {}

  get(key: K, load: () => Promise<V>, nowMs = Date.now()): Promise<V> {
    const hit = this.entries.get(key);
    const age = hit ? nowMs - hit.at : Number.POSITIVE_INFINITY;
    if (hit && age >= 0 && age < this.options.freshMs) return hit.value;
    if (hit && age >= 0 && age < this.options.freshMs + this.options.staleMs) {
      if (!hit.refreshing) this.refresh(key, hit, load, nowMs);
      return hit.value;
    }
    return this.fill(key, load, nowMs);
  }

  clear(): void {
    this.entries.clear();
  }

  /** Forgets one key (this process just wrote it); a refresh of it already running is not kept. */
  delete(key: K): void {
    this.entries.delete(key);
  }

  private refresh(key: K, hit: Entry<V>, load: () => Promise<V>, nowMs: number): void {
    hit.refreshing = true;
    const next = load();
    next.then(
      // Replaced only if nothing changed meanwhile (a clear() after a save drops what this read may have missed).
      () => this.entries.get(key) === hit && this.entries.set(key, { at: nowMs, value: next, refreshing: false }),
      () => (hit.refreshing = false),
    );
  }

  private fill(key: K, load: () => Promise<V>, nowMs: number): Promise<V> {
    if (this.options.maxEntries && this.entries.size >= this.options.maxEntries) this.entries.clear();
    const entry: Entry<V> = { at: nowMs, value: load(), refreshing: false };
    this.entries.set(key, entry);
    entry.value.catch(() => this.entries.get(key) === entry && this.entries.delete(key));
    return entry.value;
  }
}
