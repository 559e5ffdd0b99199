/**
 * The largest block, choice, tool-call or output index a stream event may name. The assemblers
 * store by index in arrays they copy on every event, so an index of millions from a hostile or
 * broken stream (or an imported capture) would stall the fold for seconds per event; no real
 * message comes near this many blocks.
 */
export const MAX_STREAM_INDEX = 9_999;

/** A whole number from 0 to {@link MAX_STREAM_INDEX}. */
export function isStreamIndex(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= MAX_STREAM_INDEX;
}
