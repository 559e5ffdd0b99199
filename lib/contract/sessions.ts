import { Type, type Static } from "@sinclair/typebox";
import {
  BreakpointsSchema,
  PolicyConfigSchema,
  ProviderConfigSchema,
  RecordedPolicyConfig,
  RecordedProviderConfig,
  SessionStatusSchema,
  ToolDefinitionSchema,
  ToolEntries,
} from "./config";
import { TraceEvents } from "./events";
import { closed, literals } from "./helpers";
import { McpServers, RecordedMcpServer } from "./mcp";

/** docs/api.md, "Sessions": the session routes' bodies and answers. */

const System = Type.String({ maxLength: 100_000 });

/** `POST /api/sessions`. */
export const CreateSessionBody = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: 200 })),
    provider: Type.Optional(ProviderConfigSchema),
    system: Type.Optional(System),
    tools: Type.Optional(ToolEntries),
    policy: Type.Optional(PolicyConfigSchema),
    scenario: Type.Optional(Type.String({ minLength: 1 })),
    /** MCP servers whose tools join the session's (`mcp__<name>__<tool>`); absent: those `TOOLSCOPE_MCP_CONFIG` offers. */
    mcpServers: Type.Optional(McpServers),
  },
  { additionalProperties: false },
);
export type CreateSessionBody = Static<typeof CreateSessionBody>;

/** `PATCH /api/sessions/:id`: every field optional; only those that change are recorded. */
export const ConfigureBody = Type.Object(
  {
    title: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    system: Type.Optional(System),
    tools: Type.Optional(ToolEntries),
    policy: Type.Optional(PolicyConfigSchema),
    provider: Type.Optional(ProviderConfigSchema),
    /** The whole set of MCP servers (a server left out is stopped and its tools go). */
    mcpServers: Type.Optional(McpServers),
  },
  { additionalProperties: false },
);
export type ConfigureBody = Static<typeof ConfigureBody>;

/** `POST .../messages`: `{ text }`, or `{}` / `{ lang }` for a lesson's next message in that language (default en). */
export const SendMessageBody = Type.Object(
  {
    text: Type.Optional(Type.String({ minLength: 1, maxLength: 100_000 })),
    lang: Type.Optional(Type.Union([Type.Literal("en"), Type.Literal("zh")])),
  },
  { additionalProperties: false },
);
export type SendMessageBody = Static<typeof SendMessageBody>;

/** A session as `GET /api/sessions` lists it. */
export const SessionSummary = Type.Object(
  {
    id: Type.String({ minLength: 1 }),
    title: Type.String(),
    /** When the session was created: epoch milliseconds. */
    createdAt: Type.Integer({ minimum: 0 }),
    parentId: Type.Optional(Type.String()),
    forkSeq: Type.Optional(Type.Integer({ minimum: 0 })),
    provider: RecordedProviderConfig,
    eventCount: Type.Integer({ minimum: 0 }),
    status: SessionStatusSchema,
    /** Where the session's events come from: a run of Toolscope's own loop, a capture, or an import. */
    source: literals(["run", "capture", "import"]),
    /** A capture session's client, named from its `User-Agent`. */
    client: Type.Optional(Type.String()),
  },
  closed,
);
export type SessionSummary = Static<typeof SessionSummary>;

/** `GET /api/sessions?limit=&cursor=&source=`: one page, newest first; `nextCursor` when more remain. */
export const SessionList = Type.Object(
  { sessions: Type.Array(SessionSummary), nextCursor: Type.Optional(Type.String()) },
  closed,
);
export type SessionList = Static<typeof SessionList>;

/** How far a lesson session's script has gone: scripted messages sent (typed ones not counted), of all. */
export const LessonProgress = Type.Object(
  { sent: Type.Integer({ minimum: 0 }), total: Type.Integer({ minimum: 0 }) },
  closed,
);
export type LessonProgress = Static<typeof LessonProgress>;

/** The list item plus the current configuration and, for a lesson session, its progress (`null` without one). */
export const SessionView = Type.Composite(
  [
    SessionSummary,
    Type.Object({
      system: Type.String(),
      tools: Type.Array(ToolDefinitionSchema),
      policy: RecordedPolicyConfig,
      breakpoints: BreakpointsSchema,
      lesson: Type.Union([LessonProgress, Type.Null()]),
      /** The session's MCP servers, when it has any. */
      mcpServers: Type.Optional(Type.Record(Type.String(), RecordedMcpServer)),
      /**
       * Whether its MCP servers may start: false for an imported or forked session until a
       * person trusts it (`POST /api/sessions/:id/mcp/trust`). Present when it has servers.
       */
      mcpTrusted: Type.Optional(Type.Boolean()),
    }),
  ],
  closed,
);
export type SessionView = Static<typeof SessionView>;

/** `GET /api/sessions/:id`: the session and its whole log, ordered by seq. */
export const SessionDetail = Type.Object({ session: SessionView, events: TraceEvents }, closed);
export type SessionDetail = Static<typeof SessionDetail>;

/**
 * `200` of `GET /api/sessions/:id?after=&limit=&through=` (with `limit`): the session and one page
 * of its log, as `GET /api/sessions/:id/events?limit=` pages it (`lastSeq`, `nextAfter`), so a
 * long log is read in pages, each parsed while the next is on its way.
 */
export const SessionDetailPage = Type.Object(
  {
    session: SessionView,
    lastSeq: Type.Integer({ minimum: -1 }),
    nextAfter: Type.Optional(Type.Integer({ minimum: -1 })),
    /** With `bodies=shared`: the seqs of the requests whose bodies are shared (lib/trace/shared-bodies.ts). */
    sharedBodies: Type.Optional(Type.Array(Type.Integer({ minimum: 0 }))),
    events: TraceEvents,
  },
  closed,
);
export type SessionDetailPage = Static<typeof SessionDetailPage>;

/** `201` of `POST /api/sessions`, `POST /api/sessions/:id/fork`. */
export const CreatedSession = Type.Object({ id: Type.String({ minLength: 1 }) }, closed);
export type CreatedSession = Static<typeof CreatedSession>;

/** `200` of `PATCH /api/sessions/:id`: the session as `GET` would now show it. */
export const ConfiguredSession = Type.Object({ session: SessionView }, closed);
export type ConfiguredSession = Static<typeof ConfiguredSession>;

/** `202` of `POST /api/sessions/:id/messages`: the run proceeds in the background. */
export const StartedRun = Type.Object({ runId: Type.String({ minLength: 1 }) }, closed);
export type StartedRun = Static<typeof StartedRun>;

/** `POST /api/sessions/:id/provider/trust`: `{}`, a person's confirmation of the provider's held base URL. */
export const TrustProviderBody = Type.Object({}, { additionalProperties: false });
export type TrustProviderBody = Static<typeof TrustProviderBody>;

/** `200` of `POST .../provider/trust`: the base URL it released (`null`: none was held) and the session now. */
export const TrustedProvider = Type.Object(
  { baseURL: Type.Union([Type.String(), Type.Null()]), session: SessionView },
  closed,
);
export type TrustedProvider = Static<typeof TrustedProvider>;
