import {
  createContext,
  useContext,
  type FocusEventHandler,
  type MouseEventHandler,
  type ReactNode,
} from "react";

/** The tool call id the debugger is paused at (its tool_use and tool_result are marked), or null. */
export const PausedCallContext = createContext<string | null>(null);

export interface PairHandlers {
  onMouseEnter: MouseEventHandler;
  onMouseLeave: MouseEventHandler;
  onFocus: FocusEventHandler;
  onBlur: FocusEventHandler;
}

interface BlockFrameProps {
  /** The block type as the wire names it (`text`, `tool_use`, `tool_result`…): a protocol term. */
  wireType: string;
  /** A translated explanation of the type, shown on hover. */
  hint: string;
  /** A block still being streamed is not part of the transcript yet, and tests must not see it as one. */
  streaming: boolean;
  /** DOM id, so the paired block can move focus here. */
  elementId?: string;
  /** Extra `data-*` attributes (tool ids, names, error flags). */
  data?: Record<`data-${string}`, string>;
  /** The pair's colour slot and whether the pair is highlighted; tool blocks only. */
  pair?: { hue: number; active: boolean; handlers: PairHandlers };
  /** Shown in the header after the type: ids, links to the paired block. */
  aside?: ReactNode;
  children: ReactNode;
}

/** The frame every content block is drawn in: its wire type on top, then its body. */
export function BlockFrame({
  wireType,
  hint,
  streaming,
  elementId,
  data,
  pair,
  aside,
  children,
}: BlockFrameProps) {
  const pausedCall = useContext(PausedCallContext);
  const classes = ["block", `block-${wireType}`];
  if (pausedCall !== null && data?.["data-tool-use-id"] === pausedCall) classes.push("is-paused-here");
  if (pair) classes.push(`pair-hue-${pair.hue}`);
  if (pair?.active) classes.push("is-paired-active");
  return (
    <section
      className={classes.join(" ")}
      data-testid={streaming ? "streaming-block" : "block"}
      data-type={wireType}
      id={elementId}
      tabIndex={elementId ? -1 : undefined}
      aria-label={wireType}
      {...data}
      {...pair?.handlers}
    >
      <header className="block-header">
        <span className="block-type" title={hint}>
          {wireType}
        </span>
        {aside}
      </header>
      <div className="block-body">{children}</div>
    </section>
  );
}

/** One labelled field of a block, named as on the wire (`id`, `input`, `is_error`…). */
export function BlockField({ name, hint, children }: { name: string; hint: string; children: ReactNode }) {
  return (
    <div className="block-field">
      <dt title={hint}>{name}</dt>
      <dd>{children}</dd>
    </div>
  );
}
