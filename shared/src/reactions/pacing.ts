/**
 * Write pacing: Firestore sustains about one write per second per document, and a burst of one
 * user's events (or a hostile client's) must not write their board entries, feed items, progress
 * or the boards faster. A reaction asked to pace (`minGapMs`) leaves a needed write undone when
 * the document was already written in the current window of `minGapMs` (its stored `asOf`, or a
 * board's `computedAt`), and reports when to run again (`retryAt`, the next window); the runtime
 * waits until then and runs the whole reaction again, which re-reads everything (so what it then
 * writes is current, and documents already brought up to date are not written twice). Pure: `now`
 * comes from the environment.
 */
import type { DocData, DocSnapshot, WriteOp } from '../store.ts';
import { planWrite } from './core.ts';

/** How a runtime asks a reaction to pace its writes (0 or absent: write at once). */
export interface PaceOptions {
  /** The window (ms, aligned to the epoch) in which a projection document is written at most once. */
  minGapMs?: number;
  /**
   * When the runtime first ran this reaction (its `env.now` then), after its events were
   * committed. A feed item or board entry written after that instant (asOf strictly later) was
   * computed, in a transaction from the source, after those events, so it already holds what
   * they changed: a retry leaves it alone instead of waiting for it again. Without this, a steady
   * stream of one user's events keeps each waiting invocation behind the next one's write. (Not
   * for the progress documents, which their writers update in part: see planTogether.)
   */
  coveredSince?: number;
}

/** A document a reaction may write: where, what is stored, what it should hold (null: absent). */
export interface PlannedDoc {
  path: string;
  existing: DocSnapshot | null;
  desired: DocData | null;
}

/** What a paced reaction left for later: null when it wrote everything it had to. */
export interface PaceResult {
  retryAt: number | null;
}

/** The pacing window both runtimes use: one write per projection document per second. */
export const PROJECTION_MIN_GAP_MS = 1000;
/** After this many deferrals in a row a runtime runs the reaction unpaced (it must converge). */
export const MAX_DEFERRALS = 3;

function writtenAt(doc: DocSnapshot | null): number {
  const d = doc?.data;
  if (typeof d?.asOf === 'number') return d.asOf;
  if (typeof d?.computedAt === 'number') return d.computedAt;
  return Number.NEGATIVE_INFINITY;
}

/** Collects the retry time of every write it holds back. */
export class Pacer {
  private retry: number | null = null;

  private readonly now: number;
  private readonly minGapMs: number;
  private readonly coveredSince: number;

  constructor(now: number, opts: PaceOptions = {}) {
    this.now = now;
    this.minGapMs = opts.minGapMs ?? 0;
    this.coveredSince = opts.coveredSince ?? Number.POSITIVE_INFINITY;
  }

  /**
   * Whether a write of `existing` has to wait; if so, notes when it may happen. Time is cut into
   * windows of `minGapMs` (whole seconds by default), and a document is written at most once per
   * window: a document written in the current window waits for the next one. Aligned windows
   * make every waiting run (in Cloud Functions, of several invocations) wake at the same instant,
   * where the first writes what the whole burst adds up to and the rest find nothing to write;
   * waits measured from each write would scatter them.
   */
  holdsBack(existing: DocSnapshot | null): boolean {
    if (!(this.minGapMs > 0) || !existing) return false;
    const window = Math.floor(this.now / this.minGapMs);
    if (Math.floor(writtenAt(existing) / this.minGapMs) < window) return false;
    this.later((window + 1) * this.minGapMs);
    return true;
  }

  /**
   * planWrite for a document every writer computes the same way from the source (feed items,
   * board entries): left alone when written since `coveredSince`, held back when written within
   * the gap.
   */
  plan(path: string, existing: DocSnapshot | null, desired: DocData | null): WriteOp | null {
    return this.planOrHold(path, existing, desired).op;
  }

  /** plan, also saying whether the write was held back (what is stored is then behind the source). */
  planOrHold(
    path: string,
    existing: DocSnapshot | null,
    desired: DocData | null,
  ): { op: WriteOp | null; heldBack: boolean } {
    const op = planWrite(path, existing, desired, this.now);
    if (!op) return { op, heldBack: false };
    // Covered holds whether or not the run is paced (an unpaced last attempt writes only what no
    // later run has).
    if (existing && writtenAt(existing) > this.coveredSince) return { op: null, heldBack: false };
    if (this.holdsBack(existing)) return { op: null, heldBack: true };
    return { op, heldBack: false };
  }

  /**
   * planWrite held back within the gap, with no `coveredSince` shortcut, for documents a writer
   * updates in part and together (a user's progress summary and years: only the days and activity
   * types of its own events are re-read, so a later write need not hold this reaction's events).
   * When one of them is held back, all are: the summary's streak inputs always match the years.
   */
  planTogether(docs: readonly PlannedDoc[]): WriteOp[] {
    const planned = docs.flatMap((d) => {
      const op = planWrite(d.path, d.existing, d.desired, this.now);
      return op ? [{ op, existing: d.existing }] : [];
    });
    // Every one asked (not `some`), so the retry time covers them all.
    const held = planned.map((p) => this.holdsBack(p.existing)).includes(true);
    return held ? [] : planned.map((p) => p.op);
  }

  later(at: number): void {
    this.retry = this.retry === null ? at : Math.max(this.retry, at);
  }

  /** Merges what another paced step left for later. */
  merge(result: PaceResult): void {
    if (result.retryAt !== null) this.later(result.retryAt);
  }

  result(): PaceResult {
    return { retryAt: this.retry };
  }
}
