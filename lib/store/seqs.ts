/** The next seq of each session a transaction appended to, as it was before (undefined: not yet cached). */
export type SeqJournal = Map<string, number | undefined>;

/**
 * Each session's next `seq` (dense from 0), cached after the first look at the log, and the
 * journals a rollback gives the seqs back from: one per open transaction, outermost first, each
 * noting a session's next seq before the transaction first took one of it.
 */
export class SeqCounter {
  private readonly next = new Map<string, number>();
  private readonly journals: SeqJournal[] = [];

  /** `readMax` answers the highest stored seq of a session (null for none), on a cache miss. */
  constructor(private readonly readMax: (sessionId: string) => number | null) {}

  /** The session's next seq, without taking it. */
  peek(sessionId: string): number {
    const cached = this.next.get(sessionId);
    if (cached !== undefined) return cached;
    const max = this.readMax(sessionId);
    return max === null ? 0 : max + 1;
  }

  /** Takes the session's next seq (noted in every open journal). */
  take(sessionId: string): number {
    const seq = this.peek(sessionId);
    this.set(sessionId, seq + 1);
    return seq;
  }

  /** A new session starts at 0; a deleted one is forgotten. */
  start(sessionId: string): void {
    this.next.set(sessionId, 0);
  }

  forget(sessionId: string): void {
    this.next.delete(sessionId);
  }

  /** Opens a journal for a transaction; {@link close} it when the transaction ends, either way. */
  open(): SeqJournal {
    const journal: SeqJournal = new Map();
    this.journals.push(journal);
    return journal;
  }

  close(): void {
    this.journals.pop();
  }

  /** Gives back the seqs a journal noted (a rollback). */
  restore(journal: SeqJournal): void {
    for (const [sessionId, seq] of journal) {
      if (seq === undefined) this.next.delete(sessionId);
      else this.next.set(sessionId, seq);
    }
  }

  /**
   * Gives back `seq` and those after it (an event that could not be written), in `journal` too,
   * so a rollback after this does not take them back again.
   */
  giveBack(sessionId: string, seq: number, journal: SeqJournal): void {
    if ((this.next.get(sessionId) ?? 0) > seq) this.next.set(sessionId, seq);
    const noted = journal.get(sessionId);
    if (noted !== undefined && noted > seq) journal.set(sessionId, seq);
  }

  private set(sessionId: string, seq: number): void {
    for (const journal of this.journals)
      if (!journal.has(sessionId)) journal.set(sessionId, this.next.get(sessionId));
    this.next.set(sessionId, seq);
  }
}
