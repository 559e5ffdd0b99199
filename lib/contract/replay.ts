import { Type, type Static } from "@sinclair/typebox";
import type { WorkspaceChange } from "@/lib/trace/events";
import { ToolEntry } from "./config";
import { closed, typed } from "./helpers";
import { CallResult, StageReport } from "./pipeline";
import { DecisionBody } from "./runs";

/** `POST /api/sessions/:id/calls/:callId/replay` (docs/api.md, "Sessions"). */

/**
 * The body. `decision` is this route's own extension: the answer a call
 * that needs approval gets in the replay (without it, the replay denies the call).
 */
export const ReplayBody = Type.Object(
  {
    arguments: Type.Optional(Type.Unknown()),
    tool: Type.Optional(ToolEntry),
    decision: Type.Optional(DecisionBody),
  },
  { additionalProperties: false },
);
export type ReplayBody = Static<typeof ReplayBody>;

const WorkspaceChangeSchema = typed<WorkspaceChange>(
  Type.Union([
    Type.Object({ type: Type.Literal("write"), path: Type.String(), content: Type.String() }, closed),
    Type.Object({ type: Type.Literal("delete"), path: Type.String() }, closed),
    Type.Object(
      { type: Type.Literal("ledger"), entry: Type.Object({}, { additionalProperties: true }) },
      closed,
    ),
  ]),
);

/**
 * `200`: the replay's stages and result (as recorded in `call.replayed`), plus what the call
 * changed in the replay's own throwaway workspace (never the session's).
 */
export const ReplayReply = Type.Object(
  { stages: Type.Array(StageReport), result: CallResult, changes: Type.Array(WorkspaceChangeSchema) },
  closed,
);
export type ReplayReply = Static<typeof ReplayReply>;
