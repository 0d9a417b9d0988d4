/**
 * A Map that keeps the most recently set entries: at most `maxEntries`, and with `sizeOf` at most
 * `maxSize` in total (an entry larger than a quarter of it is not kept). `get` does not reorder;
 * `set` makes an entry the newest. The in-memory caches (availability, list answers) share it.
 * @example
 * const answers = new Lru<Buffer>({ maxEntries: 500, maxSize: 16 << 20, sizeOf: (b) => b.length });
 * answers.set(key, body);
 */
export class Lru<V> {
  private readonly entries = new Map<string, V>();
  private size = 0;
  private readonly maxEntries: number;
  private readonly maxSize: number;
  private readonly sizeOf: (value: V) => number;

  constructor({ maxEntries, maxSize = Infinity, sizeOf = () => 0 }: { maxEntries: number; maxSize?: number; sizeOf?: (value: V) => number }) {
    this.maxEntries = maxEntries;
    this.maxSize = maxSize;
    this.sizeOf = sizeOf;
  }

  get(key: string): V | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: V): void {
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.size -= this.sizeOf(old);
      this.entries.delete(key);
    }
    const size = this.sizeOf(value);
    if (size > this.maxSize / 4) return;
    this.entries.set(key, value);
    this.size += size;
    for (const [k, v] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.size <= this.maxSize) break;
      this.entries.delete(k);
      this.size -= this.sizeOf(v);
    }
  }
}
