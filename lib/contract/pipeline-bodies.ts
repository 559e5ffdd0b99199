import { Type, type Static } from "@sinclair/typebox";
import { BuiltinToolRef, CustomTool, PolicyConfigSchema } from "./api-bodies";
import { DecisionBody } from "./control-bodies";

/** `POST /api/pipeline` (docs/api.md, "Pipeline and schemas"). */
export const PipelineBody = Type.Object(
  {
    tools: Type.Optional(Type.Array(Type.Union([BuiltinToolRef, CustomTool]), { maxItems: 128 })),
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
