import { Type, type Static } from "@sinclair/typebox";
import { ERROR_KINDS } from "@/lib/protocol/unified";
import { PolicyConfigSchema, ProviderConfigSchema, ToolEntries } from "./config";

/** `POST /api/sessions/:id/fork` (docs/api.md, "Sessions"); its `201` is `CreatedSession`. */

const System = Type.String({ maxLength: 100_000 });

const UnifiedBlock = Type.Union([
  Type.Object({ type: Type.Literal("text"), text: Type.String() }, { additionalProperties: false }),
  Type.Object(
    { type: Type.Literal("thinking"), thinking: Type.String(), signature: Type.String() },
    { additionalProperties: false },
  ),
  Type.Object(
    { type: Type.Literal("redacted_thinking"), data: Type.String() },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      type: Type.Literal("toolCall"),
      id: Type.String({ minLength: 1, maxLength: 200 }),
      name: Type.String({ minLength: 1, maxLength: 200 }),
      arguments: Type.Unknown(),
      /** Optional here: when absent, the arguments serialized as JSON. */
      rawArguments: Type.Optional(Type.String()),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      type: Type.Literal("toolResult"),
      toolCallId: Type.String({ minLength: 1, maxLength: 200 }),
      content: Type.String(),
      isError: Type.Boolean(),
      errorKind: Type.Optional(Type.Union(ERROR_KINDS.map((kind) => Type.Literal(kind)))),
      hint: Type.Optional(Type.String()),
    },
    { additionalProperties: false },
  ),
  Type.Object({ type: Type.Literal("unknown"), raw: Type.Unknown() }, { additionalProperties: false }),
]);

/** A unified message as a person edits it (docs/architecture.md, "Unified model"). */
export const UnifiedMessageSchema = Type.Object(
  {
    role: Type.Union([Type.Literal("user"), Type.Literal("assistant")]),
    content: Type.Array(UnifiedBlock, { maxItems: 1000 }),
  },
  { additionalProperties: false },
);

/** `POST .../fork`: `at` is the last parent event to copy; `edits.messages` is the whole list. */
export const ForkBody = Type.Object(
  {
    at: Type.Integer({ minimum: 0 }),
    edits: Type.Optional(
      Type.Object(
        {
          system: Type.Optional(System),
          tools: Type.Optional(ToolEntries),
          policy: Type.Optional(PolicyConfigSchema),
          provider: Type.Optional(ProviderConfigSchema),
          messages: Type.Optional(Type.Array(UnifiedMessageSchema, { maxItems: 10_000 })),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type ForkBody = Static<typeof ForkBody>;
export type ForkEdits = NonNullable<ForkBody["edits"]>;
