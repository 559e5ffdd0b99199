/**
 * A relayed stream's SSE events as `wire.event`s in its session's log (docs/api.md, "Capture").
 * Each chunk's events are appended before the chunk is passed on — their seqs given, readable
 * from the store at once — all of them or none. Where the store can (`transactionSoon`), the
 * chunks that arrive in one turn of the event loop share one commit, written once the turn's
 * chunks were passed on (at the latest on the loop's next turn, or by the store's next write or
 * read), so the commit is not on the path of a chunk to the client; the bus has them then.
 *
 * What a crash can lose: the chunks of the turn it strikes in, which the client may already have;
 * never part of a chunk (one commit holds all of a chunk's events), and never an event before
 * them. The restart's recovery ends the request's run `interrupted`.
 *
 * A commit that fails (a full disk) is the store's to report: it drops those events and gives
 * their seqs back. The next chunk of the stream finds the session's last seq short of the one its
 * events were given and throws, so the relay passes nothing more on and the run ends failed.
 */
import "server-only";
import type { SseEvent } from "@/lib/protocol/sse";
import type { EventStore } from "@/lib/store/event-store";

export interface WireEventTarget {
  sessionId: string;
  turn: number;
  attempt: number;
  /** The arrival time of a chunk (epoch ms). */
  now: () => number;
}

export interface WireEventRecorder {
  /**
   * Appends `chunk`'s events, numbered from `firstIndex`. Throws — nothing of the chunk appended —
   * when the log refuses them, or when an earlier chunk's commit failed.
   */
  record(chunk: readonly SseEvent[], firstIndex: number): void;
  /** Why the log is missing events recorded before, or `null` when it is not (as far as written). */
  findLoss(): string | null;
}

export const LOST_CHUNK_MESSAGE = "the log could not write the events of an earlier chunk";

/** Records the `wire.event`s of one relayed stream (see the file comment). */
export function recordWireEvents(store: EventStore, target: WireEventTarget): WireEventRecorder {
  const { sessionId, turn, attempt } = target;
  const together = store.transactionSoon ? store.transactionSoon.bind(store) : store.transaction.bind(store);
  /** The seq of the last event recorded (-1: none yet). */
  let lastSeq = -1;
  const findLoss = () => (lastSeq >= 0 && store.lastSeq(sessionId) < lastSeq ? LOST_CHUNK_MESSAGE : null);
  return {
    findLoss,
    record(chunk, firstIndex) {
      const loss = findLoss();
      if (loss) throw new Error(loss);
      const receivedAt = target.now();
      lastSeq = together(() => {
        let seq = lastSeq;
        for (let offset = 0; offset < chunk.length; offset++) {
          const { event, data } = chunk[offset]!;
          seq = store.append(sessionId, {
            kind: "wire.event",
            turn,
            attempt,
            index: firstIndex + offset,
            event,
            data,
            receivedAt,
          }).seq;
        }
        return seq;
      });
    },
  };
}
