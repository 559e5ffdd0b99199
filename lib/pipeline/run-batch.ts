import "server-only";
import type { ErrorKind, ToolCallBlock, ToolResultBlock } from "@/lib/protocol/unified";
import type { Stage, StageStatus } from "@/lib/trace/events";
import { findBuiltinTool } from "@/lib/tools/registry";
import type { ToolContext, ToolOutput } from "@/lib/tools/types";
import type { BatchInput, PipelineContext } from "./types";

/**
 * Runs every call of one assistant turn and returns one result per call, in call order.
 *
 * The walking skeleton runs `lookup`, `execute` and `normalize`, serially; the other stages of
 * DESIGN.md's pipeline plug in here. Every call gets exactly one `tool.result`, even when its
 * tool throws.
 */
export async function runBatch({ calls, context }: BatchInput): Promise<ToolResultBlock[]> {
  const results: ToolResultBlock[] = [];
  for (const call of calls) results.push(await runCall(call, context));
  return results;
}

async function runCall(call: ToolCallBlock, context: PipelineContext): Promise<ToolResultBlock> {
  const stage = createStageRecorder(call.id, context);

  const lookupDone = stage.start("lookup", call.name);
  const definition = context.tools.get(call.name);
  if (!definition) {
    const available = [...context.tools.keys()].join(", ") || "none";
    lookupDone("error", "not found");
    return finish(call, context, {
      content: `Unknown tool \`${call.name}\`. Nothing ran. Available tools: ${available}.`,
      isError: true,
      errorKind: "unknown_tool",
    });
  }
  lookupDone("ok", definition.builtin ? `built-in ${definition.name}` : `custom ${definition.name}`);

  const executeDone = stage.start("execute", JSON.stringify(call.arguments));
  const output = await executeTool(call, definition, context);
  executeDone(output.isError ? "error" : "ok", output.content.slice(0, 120));
  return finish(call, context, output.isError ? { ...output, errorKind: "execution_error" } : output);
}

async function executeTool(
  call: ToolCallBlock,
  definition: NonNullable<ReturnType<PipelineContext["tools"]["get"]>>,
  context: PipelineContext,
): Promise<ToolOutput> {
  const args = (call.arguments ?? {}) as Record<string, unknown>;
  if (definition.builtin) {
    const tool = findBuiltinTool(definition.builtin);
    if (!tool) return { content: `Built-in tool ${definition.builtin} does not exist.`, isError: true };
    try {
      return await tool.execute(args, createToolContext(call.id, context));
    } catch (error) {
      return {
        content: `The tool failed: ${error instanceof Error ? error.message : String(error)}`,
        isError: true,
      };
    }
  }
  const mock = definition.mock ?? { kind: "echo" as const };
  switch (mock.kind) {
    case "static":
      return {
        content: typeof mock.result === "string" ? mock.result : JSON.stringify(mock.result),
        isError: false,
      };
    case "echo":
      return { content: JSON.stringify(args), isError: false };
    case "manual":
      return {
        content: "This tool answers by hand, and manual results arrive with the approval gate.",
        isError: true,
      };
  }
}

function createToolContext(callId: string, context: PipelineContext): ToolContext {
  return {
    workspace: context.workspace(),
    signal: context.signal,
    clock: context.clock,
    recordChange: (change) => context.emit({ kind: "workspace.changed", callId, change }),
    reportProgress: (message, fraction) =>
      context.emit({
        kind: "tool.progress",
        callId,
        message,
        ...(fraction === undefined ? {} : { fraction }),
      }),
  };
}

function finish(
  call: ToolCallBlock,
  context: PipelineContext,
  output: { content: string; isError: boolean; errorKind?: ErrorKind },
): ToolResultBlock {
  const done = createStageRecorder(call.id, context).start("normalize", output.isError ? "error" : "ok");
  done("ok", `${output.content.length} chars`);
  context.emit({
    kind: "tool.result",
    callId: call.id,
    turn: context.turn,
    name: call.name,
    content: output.content,
    isError: output.isError,
    ...(output.errorKind ? { errorKind: output.errorKind } : {}),
  });
  return {
    type: "toolResult",
    toolCallId: call.id,
    content: output.content,
    isError: output.isError,
    ...(output.errorKind ? { errorKind: output.errorKind } : {}),
  };
}

/** Emits `tool.stage` running, and returns the function that emits its end with the measured time. */
function createStageRecorder(callId: string, context: PipelineContext) {
  return {
    start(stage: Stage, input: string) {
      const started = context.clock.now();
      context.emit({ kind: "tool.stage", callId, stage, status: "running", input: input.slice(0, 200) });
      return (status: Exclude<StageStatus, "running">, output: string) =>
        context.emit({
          kind: "tool.stage",
          callId,
          stage,
          status,
          output,
          ms: context.clock.now() - started,
        });
    },
  };
}
