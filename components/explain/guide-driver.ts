/**
 * The guide's state between renders: it runs the transition table on each event, tells its
 * listeners when the state changed, and hands the commands to whatever executes them (the hook,
 * connected on every render). Plain TypeScript, no React.
 */
import { transitionGuide, type GuideCommand, type GuideEvent, type GuideState } from "./guide-machine";

/** The guide's state, its listeners, and the dispatch that runs its transition table. */
export interface GuideDriver {
  getState(): GuideState;
  subscribe(listener: () => void): () => void;
  dispatch(event: GuideEvent): void;
  /** Sets what executes the commands (the page's cursor, storage and requests, as of the last render). */
  connect(execute: (commands: GuideCommand[]) => void): void;
}

export function createGuideDriver(initial: GuideState): GuideDriver {
  let state = initial;
  let execute: (commands: GuideCommand[]) => void = () => {};
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispatch(event) {
      const next = transitionGuide(state, event);
      if (next.state !== state) {
        state = next.state;
        listeners.forEach((listener) => listener());
      }
      if (next.commands.length > 0) execute(next.commands);
    },
    connect(next) {
      execute = next;
    },
  };
}
