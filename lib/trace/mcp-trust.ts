/**
 * Whether a session's MCP servers may start (docs/architecture.md, "MCP"). A session made in
 * this Toolscope (`source: "run"`) holds servers a person entered: trusted. A fork, an import or
 * a capture holds configuration that came from elsewhere: data, until a person trusts it
 * (`session.trusted { scope: "mcp" }`, which an import never carries). A fork after a trust is
 * untrusted again. Pure.
 */
import type { TraceEvent } from "./events";

export function isMcpTrusted(source: string, events: readonly TraceEvent[]): boolean {
  let trusted = source === "run";
  for (const event of events) {
    if (event.kind === "session.forked") trusted = false;
    else if (event.kind === "session.trusted" && event.scope === "mcp") trusted = true;
  }
  return trusted;
}
