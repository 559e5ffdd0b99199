import { Type, type Static } from "@sinclair/typebox";
import { ERROR_KINDS } from "@/lib/protocol/unified";
import { STAGES } from "@/lib/trace/events";
import { PolicyConfigSchema, ToolEntries } from "./config";
import { closed, literals } from "./helpers";
import { DecisionBody } from "./runs";

/** `POST /api/pipeline` (docs/api.md, "Pipeline and schemas"), and the parts replay shares. */

export const PipelineBody = Type.Object(
  {
    tools: Type.Optional(ToolEntries),
    calls: Type.Array(
      Type.Object(
        {
          id: Type.String({ minLength: 1, maxLength: 200 }),
          name: Type.String({ maxLength: 200 }),
          arguments: Type.Unknown(),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 500 },
    ),
    policy: Type.Optional(PolicyConfigSchema),
    decisions: Type.Optional(Type.Record(Type.String(), DecisionBody)),
  },
  { additionalProperties: false },
);
export type PipelineBody = Static<typeof PipelineBody>;

const STAGE_STATUSES = ["running", "ok", "error", "blocked", "skipped", "waiting"] as const;

/** A stage's final state for one call (docs/architecture.md, "The tool pipeline"). */
export const StageReport = Type.Object(
  {
    stage: literals(STAGES),
    status: literals(STAGE_STATUSES),
    detail: Type.Optional(Type.String()),
    ms: Type.Number({ minimum: 0 }),
  },
  closed,
);
export type StageReport = Static<typeof StageReport>;

/** The normalized result the model sees; `hint` accompanies an `errorKind`. */
export const CallResult = Type.Object(
  {
    content: Type.String(),
    isError: Type.Boolean(),
    errorKind: Type.Optional(literals(ERROR_KINDS)),
    hint: Type.Optional(Type.String()),
  },
  closed,
);
export type CallResult = Static<typeof CallResult>;

/** `200` of `POST /api/pipeline`: the batch's plan and every call, in the original call order. */
export const PipelineReply = Type.Object(
  {
    batch: Type.Object(
      {
        policy: literals(["all-or-nothing", "independent"]),
        decision: literals(["executed", "aborted"]),
        /** Groups in execution order; calls within a group run in parallel. */
        schedule: Type.Array(Type.Array(Type.String())),
      },
      closed,
    ),
    calls: Type.Array(
      Type.Object(
        { id: Type.String(), name: Type.String(), stages: Type.Array(StageReport), result: CallResult },
        closed,
      ),
    ),
  },
  closed,
);
export type PipelineReply = Static<typeof PipelineReply>;
