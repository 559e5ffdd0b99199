import { Type } from "@sinclair/typebox";
import type { Breakpoints, PolicyConfig, ProviderConfig, ToolDefinition } from "@/lib/trace/config";
import type { SessionStatus } from "@/lib/trace/status";
import { closed, literals, typed } from "./helpers";

/**
 * docs/api.md's `Types`: the session configuration as request bodies send it (strict: unknown
 * fields are a 400) and as responses carry it (as recorded in `session.created`).
 */

export const ToolMeta = Type.Object(
  {
    readOnly: Type.Optional(Type.Boolean()),
    destructive: Type.Optional(Type.Boolean()),
    idempotent: Type.Optional(Type.Boolean()),
    concurrencySafe: Type.Optional(Type.Boolean()),
    needsApproval: Type.Optional(Type.Boolean()),
    timeoutMs: Type.Optional(Type.Integer({ minimum: 1, maximum: 600_000 })),
  },
  { additionalProperties: false },
);

export const ToolMock = Type.Union([
  Type.Object({ kind: Type.Literal("static"), result: Type.Unknown() }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal("echo") }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal("manual") }, { additionalProperties: false }),
]);

export const CustomTool = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 128 }),
    description: Type.Optional(Type.String({ maxLength: 10_000 })),
    input_schema: Type.Object({}, { additionalProperties: true }),
    strict: Type.Optional(Type.Boolean()),
    meta: Type.Optional(ToolMeta),
    mock: Type.Optional(ToolMock),
  },
  { additionalProperties: false },
);

export const BuiltinToolRef = Type.Object(
  { builtin: Type.String({ minLength: 1 }) },
  { additionalProperties: false },
);

const ToolChoice = Type.Union([
  Type.Literal("auto"),
  Type.Literal("any"),
  Type.Literal("none"),
  Type.Object({ name: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
]);

/** The longest delay a timer can wait (2^31 - 1 ms, about 24.8 days). */
export const MAX_TIMER_MS = 2_147_483_647;

const Fault = Type.Object(
  {
    kind: Type.Union([
      Type.Literal("cut-stream"),
      Type.Literal("overloaded"),
      Type.Literal("http-status"),
      Type.Literal("garbled-json"),
      Type.Literal("slow-first-byte"),
    ]),
    turn: Type.Optional(Type.Integer({ minimum: 1 })),
    afterEvents: Type.Optional(Type.Integer({ minimum: 0 })),
    status: Type.Optional(Type.Integer({ minimum: 100, maximum: 599 })),
    // A timer longer than 2^31 - 1 ms fires at once: refuse it rather than turn a day into 1 ms.
    retryAfter: Type.Optional(Type.Number({ minimum: 0, maximum: MAX_TIMER_MS / 1000 })),
    delayMs: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_TIMER_MS })),
    times: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);

export const ProviderConfigSchema = Type.Object(
  {
    kind: Type.Union([
      Type.Literal("offline"),
      Type.Literal("anthropic"),
      Type.Literal("openai-chat"),
      Type.Literal("openai-responses"),
    ]),
    model: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    baseURL: Type.Optional(Type.String({ format: "uri" })),
    toolChoice: Type.Optional(ToolChoice),
    parallelToolCalls: Type.Optional(Type.Boolean()),
    wire: Type.Optional(
      Type.Union([Type.Literal("anthropic"), Type.Literal("openai-chat"), Type.Literal("openai-responses")]),
    ),
    pace: Type.Optional(Type.Number({ minimum: 0, maximum: 1000 })),
    faults: Type.Optional(Type.Array(Fault, { maxItems: 20 })),
  },
  { additionalProperties: false },
);

/**
 * A regex the server will run (policy `when.regex`, `policy.redact`): it must be one the
 * linear-time engine accepts (lib/schema/linear-regex.ts), else a 400 names the field.
 */
const ServerRegex = Type.String({ "x-linear-regex": true });

const PolicyRule = Type.Object(
  {
    id: Type.String({ minLength: 1 }),
    stage: Type.Union([Type.Literal("preflight"), Type.Literal("post")]),
    tool: Type.String({ minLength: 1 }),
    when: Type.Optional(
      Type.Array(
        Type.Object(
          { pointer: Type.String(), regex: Type.Optional(ServerRegex) },
          { additionalProperties: true },
        ),
      ),
    ),
    action: Type.String({ minLength: 1 }),
    reason: Type.Optional(Type.String()),
    arguments: Type.Optional(Type.Object({}, { additionalProperties: true })),
  },
  { additionalProperties: false },
);

export const PolicyConfigSchema = Type.Object(
  {
    batch: Type.Optional(Type.Union([Type.Literal("all-or-nothing"), Type.Literal("independent")])),
    hookFailure: Type.Optional(Type.Union([Type.Literal("fail-closed"), Type.Literal("fail-open")])),
    rules: Type.Optional(Type.Array(PolicyRule, { maxItems: 200 })),
    hooks: Type.Optional(
      Type.Array(Type.Union([Type.Literal("stale-file-check"), Type.Literal("idempotency-guard")])),
    ),
    maxResultChars: Type.Optional(Type.Integer({ minimum: 1 })),
    redact: Type.Optional(Type.Array(ServerRegex, { maxItems: 50 })),
  },
  { additionalProperties: false },
);

/** A tool in a request: a built-in by name, or a definition. */
export const ToolEntry = Type.Union([BuiltinToolRef, CustomTool]);
export const ToolEntries = Type.Array(ToolEntry, { maxItems: 128 });

/** A tool as a session records it: built-ins expanded, `builtin` naming their implementation. */
export const ToolDefinitionSchema = typed<ToolDefinition>(
  Type.Object(
    {
      name: Type.String(),
      description: Type.Optional(Type.String()),
      input_schema: Type.Object({}, { additionalProperties: true }),
      strict: Type.Optional(Type.Boolean()),
      meta: Type.Optional(ToolMeta),
      mock: Type.Optional(ToolMock),
      builtin: Type.Optional(Type.String()),
      /** An MCP server's tool: `{ mcp: server, tool, outputSchema?, annotations? }`. */
      source: Type.Optional(
        Type.Object(
          {
            mcp: Type.String(),
            tool: Type.String(),
            outputSchema: Type.Optional(Type.Object({}, { additionalProperties: true })),
            annotations: Type.Optional(Type.Object({}, { additionalProperties: true })),
          },
          closed,
        ),
      ),
    },
    closed,
  ),
);

/** The provider and policy as recorded: what the request schemas accepted. */
export const RecordedProviderConfig = typed<ProviderConfig>(ProviderConfigSchema);
export const RecordedPolicyConfig = typed<PolicyConfig>(PolicyConfigSchema);

/** Every breakpoint, on or off (`PUT .../breakpoints` sends any of them). */
export const BreakpointsSchema = typed<Breakpoints>(
  Type.Object(
    {
      beforeRequest: Type.Boolean(),
      onWireEvent: Type.Boolean(),
      beforeExecute: Type.Boolean(),
      afterResult: Type.Boolean(),
      endOfTurn: Type.Boolean(),
    },
    closed,
  ),
);

const SESSION_STATUSES = ["idle", "running", "paused", "finished", "failed", "interrupted"] as const;
export const SessionStatusSchema = typed<SessionStatus>(literals(SESSION_STATUSES));
