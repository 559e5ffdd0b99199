import type { ToolCallBlock } from "@/lib/protocol/unified";
import type { ToolDefinition } from "@/lib/trace/config";

/**
 * The schedule of a batch: groups in call order; the calls within a group run in parallel. Calls
 * whose tools are `readOnly` and `concurrencySafe` share a group with their read-only
 * neighbours; every other call (and every unknown tool) runs alone, in original order.
 */
export function planSchedule(
  calls: readonly ToolCallBlock[],
  tools: ReadonlyMap<string, ToolDefinition>,
): string[][] {
  const schedule: string[][] = [];
  let parallel: string[] = [];
  for (const call of calls) {
    const meta = tools.get(call.name)?.meta;
    if (meta?.readOnly && meta.concurrencySafe) {
      parallel.push(call.id);
      continue;
    }
    if (parallel.length > 0) schedule.push(parallel);
    parallel = [];
    schedule.push([call.id]);
  }
  if (parallel.length > 0) schedule.push(parallel);
  return schedule;
}
