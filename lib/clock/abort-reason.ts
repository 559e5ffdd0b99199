/** The reason a sleep rejects with when its signal carries none. */
export function readAbortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("This operation was aborted", "AbortError");
}
