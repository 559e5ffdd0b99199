/**
 * Checkpointed folds (docs/architecture.md, "Time travel is project a shorter prefix"): a view of any prefix
 * of the log without folding the whole prefix each time. The fold state is kept after every
 * `interval` items, so the state after any `count` items costs at most `interval - 1` reducer
 * steps from the nearest checkpoint at or below it (once the checkpoints up to there exist).
 *
 * Generic over the reducer: the transcript, the run status and the stream scrubber all use it.
 */

/** A run of fold steps from one state, done in place (e.g. a `TranscriptBuilder`). */
export interface Stepper<T, S> {
  step(item: T): void;
  /** The state so far: never changed by later steps, the same object while no step changed it. */
  state(): S;
}

export type CheckpointOptions<T, S> = {
  /** The state before any item. */
  initial: S;
  /** Keep the state every this many items (K, at least 1). */
  interval: number;
} & (
  | {
      /** One pure step of the fold; must not mutate `state`. */
      reduce: (state: S, item: T) => S;
    }
  | {
      /** Steps from `state` in place, for a state that is costly to copy at every step. */
      stepFrom: (state: S) => Stepper<T, S>;
    }
);

function reducerStepper<T, S>(reduce: (state: S, item: T) => S): (state: S) => Stepper<T, S> {
  return (initial) => {
    let state = initial;
    return { step: (item) => void (state = reduce(state, item)), state: () => state };
  };
}

export interface CheckpointedFold<T, S> {
  /**
   * The state after folding the first `count` items (clamped to `0..items.length`). Items may
   * only ever grow, by appending or by inserting (an append-only log merged by seq): a
   * checkpoint is trusted while the item it ended on is still the same object at the same
   * position, and dropped (with every later one) once it is not.
   */
  stateAt(items: readonly T[], count: number): S;
  /** How many checkpoints are kept, the initial state included (for tests and benches). */
  size(): number;
}

/** Creates an empty checkpointed fold; checkpoints are filled lazily as prefixes are asked for. */
export function createCheckpointedFold<T, S>(options: CheckpointOptions<T, S>): CheckpointedFold<T, S> {
  const { initial } = options;
  const stepFrom = "stepFrom" in options ? options.stepFrom : reducerStepper(options.reduce);
  const interval = Math.max(1, Math.floor(options.interval));
  /** `states[i]`: the state after `i * interval` items; `anchors[i]`: the item it ended on. */
  const states: S[] = [initial];
  const anchors: (T | undefined)[] = [undefined];

  /** Drops checkpoints from the first one (at or below `slot`) whose anchor moved. */
  function dropStale(items: readonly T[], slot: number): void {
    let valid = Math.min(slot, states.length - 1);
    while (valid > 0 && anchors[valid] !== items[valid * interval - 1]) valid--;
    if (valid < Math.min(slot, states.length - 1)) {
      states.length = valid + 1;
      anchors.length = valid + 1;
    }
  }

  return {
    stateAt(items, count) {
      const target = Math.max(0, Math.min(Math.floor(count), items.length));
      const slot = Math.floor(target / interval);
      dropStale(items, slot);
      const from = Math.min(slot, states.length - 1);
      let position = from * interval;
      if (position === target) return states[from] as S;
      const stepper = stepFrom(states[from] as S);
      while (position < target) {
        stepper.step(items[position]!);
        position++;
        if (position % interval === 0 && position / interval === states.length) {
          states.push(stepper.state());
          anchors.push(items[position - 1]);
        }
      }
      return stepper.state();
    },
    size: () => states.length,
  };
}

/**
 * How many events have `seq <= seq` in a log ordered by seq (binary search): the `count` to
 * pass to `stateAt` for "the state as of event `seq`".
 */
export function countEventsThrough(events: readonly { seq: number }[], seq: number): number {
  let low = 0;
  let high = events.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (events[middle]!.seq <= seq) low = middle + 1;
    else high = middle;
  }
  return low;
}
