import "server-only";
import type { InspectBody, InspectReply, McpCallBody, McpCallReply } from "@/lib/contract/mcp";
import { connectServer, McpConnectError, type McpConnection } from "@/lib/mcp/connect";
import { normalizeCallResult } from "@/lib/mcp/normalize";
import { deriveMeta, readAnnotations, sessionToolName } from "@/lib/mcp/tool-meta";
import { validateForModel } from "@/lib/pipeline/validator";
import { lintToolDefinition } from "@/lib/schema/lint/lint";
import { readMcpServer } from "./mcp-config";
import { refuse, succeed, type Outcome } from "./outcome";

/** The name inspect uses for the server in `sessionName` (`mcp__server__<tool>`). */
const INSPECTED = "server";

/** Default time limit of a direct call. */
export const DIRECT_CALL_TIMEOUT_MS = 30_000;

type Failure = { stderr?: string };

function failed(error: unknown): Outcome<never, Failure> {
  const stderr = error instanceof McpConnectError ? error.stderr : undefined;
  return refuse<Failure>(
    "upstream",
    error instanceof Error ? error.message : String(error),
    undefined,
    stderr ? { stderr } : undefined,
  );
}

/**
 * `POST /api/mcp/inspect`: connects to the server a person entered, lists everything it says
 * about itself and its tools — each with the metadata Toolscope derives (MCP defaults where a
 * hint is absent, and which they are) and lint for Anthropic, OpenAI and OpenAI strict of the tool
 * as a session would send it — and disconnects (a stdio server's group ends). A server that
 * cannot start or connect is `upstream` (502) with its stderr, within the connect timeout.
 */
export async function inspectServer(body: InspectBody): Promise<Outcome<InspectReply, Failure>> {
  const config = readMcpServer(body.server, "/server");
  if (!config.ok) return config;
  let connection: McpConnection;
  try {
    connection = await connectServer(config.value);
  } catch (error) {
    return failed(error);
  }
  try {
    const tools = await connection.listTools();
    const stderr = connection.stderr();
    return succeed({
      serverInfo: connection.serverInfo,
      protocolVersion: connection.protocolVersion,
      capabilities: connection.capabilities,
      ...(connection.instructions ? { instructions: connection.instructions } : {}),
      tools: tools.map((tool) => {
        const annotations = readAnnotations(tool);
        const { meta, metaFrom } = deriveMeta(annotations, config.value.timeoutMs);
        const name = sessionToolName(INSPECTED, tool.name);
        return {
          name: tool.name,
          sessionName: name,
          ...(tool.title ? { title: tool.title } : {}),
          ...(tool.description === undefined ? {} : { description: tool.description }),
          inputSchema: tool.inputSchema as Record<string, unknown>,
          ...(tool.outputSchema ? { outputSchema: tool.outputSchema as Record<string, unknown> } : {}),
          ...(tool.annotations ? { annotations: tool.annotations as Record<string, unknown> } : {}),
          meta,
          metaFrom,
          lint: lintToolDefinition({
            name,
            ...(tool.description === undefined ? {} : { description: tool.description }),
            input_schema: tool.inputSchema,
          }).map((d) => ({ ...d })),
        };
      }),
      ...(stderr ? { stderr } : {}),
    });
  } catch (error) {
    return failed(error);
  } finally {
    await connection.close();
  }
}

/**
 * `POST /api/mcp/call`: calls one tool directly with the arguments given (the replay dialog, as
 * in the MCP Inspector), outside any session: connect, `tools/call` with a progress token, the
 * raw result, the result as the model would see it (`structuredContent` checked against the
 * tool's `outputSchema`), every JSON-RPC message of the call, disconnect. Past `timeoutMs` the
 * call is cancelled (`notifications/cancelled`) and answered as an error result.
 */
export async function callServerTool(body: McpCallBody): Promise<Outcome<McpCallReply, Failure>> {
  const config = readMcpServer(body.server, "/server");
  if (!config.ok) return config;
  const token = "direct-call";
  const messages: McpCallReply["messages"] = [];
  let calling = false;
  let connection: McpConnection;
  try {
    connection = await connectServer(config.value, {
      onWire: (direction, message) => {
        if (calling) messages.push({ direction, message: message as Record<string, unknown> });
      },
    });
  } catch (error) {
    return failed(error);
  }
  try {
    const tools = await connection.listTools();
    const tool = tools.find((candidate) => candidate.name === body.name);
    if (!tool) {
      const names = tools.map((candidate) => candidate.name).join(", ") || "none";
      return refuse(
        "invalid",
        `/name: the server has no tool named "${body.name}" (it has: ${names})`,
        "/name",
      );
    }
    const limit = body.timeoutMs ?? DIRECT_CALL_TIMEOUT_MS;
    const started = performance.now();
    calling = true;
    const signal = AbortSignal.timeout(limit);
    try {
      const result = await connection.callTool(body.name, body.arguments ?? {}, {
        signal,
        progressToken: token,
      });
      const normalized = normalizeCallResult(
        result,
        tool.outputSchema as Record<string, unknown> | undefined,
        validateForModel,
      );
      return succeed({
        result: result as Record<string, unknown>,
        normalized,
        messages,
        ms: performance.now() - started,
      });
    } catch (error) {
      const timedOut = signal.aborted;
      const message = timedOut
        ? `${body.name} did not finish within ${limit} ms and was cancelled.`
        : `${body.name} failed: ${error instanceof Error ? error.message : String(error)}`;
      return succeed({
        result: {},
        normalized: { content: message, isError: true, structured: null },
        messages,
        ms: performance.now() - started,
      });
    } finally {
      calling = false;
    }
  } catch (error) {
    return failed(error);
  } finally {
    await connection.close();
  }
}
