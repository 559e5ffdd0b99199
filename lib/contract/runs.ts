import { Type, type Static } from "@sinclair/typebox";
import { BreakpointsSchema, SessionStatusSchema } from "./config";
import { closed } from "./helpers";

/** The run-control routes' bodies and answers (docs/api.md, "Sessions"). */

export const ControlBody = Type.Object(
  {
    action: Type.Union([
      Type.Literal("step"),
      Type.Literal("continue"),
      Type.Literal("pause"),
      Type.Literal("interrupt"),
    ]),
  },
  { additionalProperties: false },
);
export type ControlBody = Static<typeof ControlBody>;

export const BreakpointsBody = Type.Object(
  {
    beforeRequest: Type.Optional(Type.Boolean()),
    onWireEvent: Type.Optional(Type.Boolean()),
    beforeExecute: Type.Optional(Type.Boolean()),
    afterResult: Type.Optional(Type.Boolean()),
    endOfTurn: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type BreakpointsBody = Static<typeof BreakpointsBody>;

export const DecisionBody = Type.Object(
  {
    decision: Type.Union([Type.Literal("approve"), Type.Literal("deny"), Type.Literal("edit")]),
    arguments: Type.Optional(Type.Object({}, { additionalProperties: true })),
    reason: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
);
export type DecisionBody = Static<typeof DecisionBody>;

export const ManualResultBody = Type.Object(
  { content: Type.String({ maxLength: 1_000_000 }), isError: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type ManualResultBody = Static<typeof ManualResultBody>;

/** `200` of `POST .../control`: the status after the action, and the run it concerned. */
export const ControlReply = Type.Object(
  { status: SessionStatusSchema, runId: Type.Optional(Type.String({ minLength: 1 })) },
  closed,
);
export type ControlReply = Static<typeof ControlReply>;

/** `200` of `POST .../calls/:callId/decision` and `.../result`: the status once delivered. */
export const CallStatusReply = Type.Object({ status: SessionStatusSchema }, closed);
export type CallStatusReply = Static<typeof CallStatusReply>;

/** `200` of `PUT .../breakpoints`: every breakpoint as it now is. */
export const BreakpointsReply = Type.Object({ breakpoints: BreakpointsSchema }, closed);
export type BreakpointsReply = Static<typeof BreakpointsReply>;
