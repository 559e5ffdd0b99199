import { Type, type Static } from "@sinclair/typebox";

/** Bodies of the run-control routes (docs/api.md, "Sessions"). */

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
