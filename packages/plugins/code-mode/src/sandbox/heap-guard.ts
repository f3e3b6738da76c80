import type { QuickJSWASMModule } from "quickjs-emscripten";

/** The engine's WebAssembly memory. */
type EngineMemory = ReturnType<QuickJSWASMModule["getWasmMemory"]>;

/** WebAssembly memory grows in pages of this many bytes. */
const PAGE_BYTES = 65_536;
/**
 * How far emscripten's `emscripten_resize_heap` grows the heap past the size it needs: to at least
 * a fifth more than the heap had (its geometric growth step), so one growth step is a fifth of the
 * heap.
 */
export const HEAP_GROWTH_FACTOR = 1.2;
/**
 * A worker whose engine heap has grown more than this past a fresh worker's is retired after its
 * cell, because WebAssembly memory never shrinks: an idle worker holds no more than this for cells
 * that have ended.
 */
export const MAX_RETAINED_HEAP_BYTES = 16 * 1024 * 1024;

const pages = (bytes: number) => Math.ceil(bytes / PAGE_BYTES);

/** The allocator of the engine's module, as emscripten exports it. */
export interface EngineAllocator {
  _malloc(bytes: number): number;
}

/**
 * The memory limit of the cells one sandbox worker runs, enforced on the WebAssembly heap itself.
 * QuickJS's own limit cannot be: this build of the engine cannot read the size of an allocation
 * (no `malloc_usable_size`), so it counts 8 bytes for each, whatever its size.
 *
 * Every byte a cell's engine holds lies in the heap above the {@link floor}: once the worker has
 * warmed up, {@link seal} fills the free room of its fresh heap with ballast it never frees, so a
 * cell's memory can only come from growing the heap (or from what earlier cells grew it by and
 * freed). The guard watches each growth, which emscripten asks for only when the allocator has
 * nothing free left: a growth asked for at a heap of `floor + limit` means the cell needs more than
 * its limit. Growths are shaped so that the heap lands exactly on that bound rather than stepping
 * over it unseen, which makes the check exact to the allocator's granularity. Past the bound, the
 * cell is flagged {@link over} (its interrupt and its slice boundaries end it); a growth past one
 * more step means native work that does not poll the interrupt is still allocating, and the worker
 * then ends itself through `exit` rather than grow further.
 *
 * Exactness needs the first growth step from the floor (a fifth of it) to fit within the limit:
 * true for the smallest limit the options allow (4 MiB) over this engine's 16 MiB fresh heap. A
 * smaller limit would let that first step pass the bound unflagged, and the growth after it flag
 * the cell.
 */
export class HeapGuard {
  /** True once the armed cell needed more heap than its limit allows. */
  over = false;
  /** The heap of a fresh worker, ballast included; 0 until {@link seal}. */
  private floor = 0;
  private bound = Number.POSITIVE_INFINITY;
  private hardCap = Number.POSITIVE_INFINITY;
  private refuse = false;

  constructor(
    private readonly memory: EngineMemory,
    private readonly exit: () => never,
  ) {
    const grow = memory.grow.bind(memory);
    // emscripten grows its heap through `memory.grow`, then refreshes its views of the heap: an own
    // property shadows the prototype's method for this one memory.
    Object.defineProperty(memory, "grow", {
      configurable: true,
      value: (delta: number) => this.grown(grow, delta),
    });
  }

  /** The size of the WebAssembly heap, in bytes. */
  get heapBytes(): number {
    return this.memory.buffer.byteLength;
  }

  /**
   * Fills the free room of the heap with ballast held for the worker's life (chunks of 8 MiB down
   * to 16 bytes, while none of them needs the heap to grow), then takes the heap's size as the
   * floor every cell's memory is measured from. The ballast's pages are never written past their
   * chunk headers, so they cost the host nothing.
   */
  seal(allocator: EngineAllocator): void {
    this.refuse = true;
    try {
      for (let size = 8 * 1024 * 1024; size >= 16; size /= 2) while (allocator._malloc(size) !== 0);
    } finally {
      this.refuse = false;
    }
    this.floor = this.heapBytes;
  }

  /** Starts a cell that may hold `limitBytes` of engine heap. Inert before {@link seal}. */
  arm(limitBytes: number): void {
    if (this.floor === 0) return;
    this.over = false;
    this.bound = this.floor + pages(limitBytes) * PAGE_BYTES;
    this.hardCap = pages(this.bound * HEAP_GROWTH_FACTOR) * PAGE_BYTES;
  }

  /**
   * Ends the cell; true when the worker should be retired: its heap went past the cell's bound
   * (the next cell's memory could not be told apart from free room), or grew more than
   * {@link MAX_RETAINED_HEAP_BYTES} past a fresh worker's.
   */
  disarm(): boolean {
    if (this.floor === 0) return false;
    const retire =
      this.heapBytes > this.bound || this.heapBytes - this.floor > MAX_RETAINED_HEAP_BYTES;
    this.bound = Number.POSITIVE_INFINITY;
    this.hardCap = Number.POSITIVE_INFINITY;
    return retire;
  }

  private grown(grow: (delta: number) => number, delta: number): number {
    if (this.refuse) throw new RangeError("the heap is sealed while its ballast is laid");
    const before = this.heapBytes;
    const target = before + delta * PAGE_BYTES;
    if (target > this.hardCap) this.exit();
    // Below the bound, every heap size S keeps S × 1.2 within the bound (see below), so a growth
    // from S past the bound is asked for an allocation that itself reaches past it.
    const stepFits = before * HEAP_GROWTH_FACTOR <= this.bound;
    if (before >= this.bound || (target > this.bound && stepFits)) this.over = true;
    // Land on the bound rather than where the next step would jump over it unseen.
    const next =
      target < this.bound && target * HEAP_GROWTH_FACTOR > this.bound ? this.bound : target;
    return grow(pages(next - before));
  }
}
