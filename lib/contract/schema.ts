import { Type, type Static } from "@sinclair/typebox";
import { closed, literals, typed } from "./helpers";

/** `POST /api/schema/validate` and `POST /api/schema/lint` (docs/api.md, "Pipeline and schemas"). */

const LINT_PROVIDERS = ["anthropic", "openai", "openai-strict"] as const;

/** `POST /api/schema/validate`: exactly one of `input` / `inputs` (checked by the route, which names the field). */
export const ValidateSchemaBody = Type.Object(
  {
    schema: Type.Union([Type.Object({}, { additionalProperties: true }), Type.Boolean()]),
    input: Type.Optional(Type.Unknown()),
    inputs: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 1000 })),
  },
  { additionalProperties: false },
);
export type ValidateSchemaBody = Static<typeof ValidateSchemaBody>;

/**
 * `POST /api/schema/lint`: the tool is taken loosely (any `input_schema`, extra fields allowed) —
 * lint reports what is wrong with it — but it must be an object with a `name` string.
 */
export const LintBody = Type.Object(
  {
    tool: Type.Object(
      {
        name: Type.String({ maxLength: 10_000 }),
        description: Type.Optional(Type.String()),
        input_schema: Type.Unknown(),
        strict: Type.Optional(Type.Boolean()),
      },
      { additionalProperties: true },
    ),
    providers: Type.Optional(Type.Array(literals(LINT_PROVIDERS), { uniqueItems: true })),
  },
  { additionalProperties: false },
);
export type LintBody = Static<typeof LintBody>;

/** One problem with an input; `keyword` is `schema` when the schema itself is invalid. */
export const ValidationError = Type.Object(
  { path: Type.String(), message: Type.String(), keyword: Type.String() },
  closed,
);
export type ValidationError = Static<typeof ValidationError>;

/** One input's verdict: `errors` empty when valid, paths as JSON Pointers. */
export const ValidationResult = Type.Object(
  // Readonly: lib/schema's validator hands out frozen verdicts.
  { valid: Type.Boolean(), errors: typed<readonly ValidationError[]>(Type.Array(ValidationError)) },
  closed,
);
export type ValidationResult = Static<typeof ValidationResult>;

/** `{ schema, inputs }`'s answer: one verdict per input, in input order. */
export const ValidationResults = Type.Object({ results: Type.Array(ValidationResult) }, closed);
export type ValidationResults = Static<typeof ValidationResults>;

/** `200` of `POST /api/schema/validate`: a verdict for `input`, or the verdicts for `inputs`. */
export const ValidateReply = Type.Union([ValidationResult, ValidationResults]);
export type ValidateReply = Static<typeof ValidateReply>;

/** One lint finding; `provider` when the rule is specific to the provider that would reject or misread it. */
export const LintDiagnostic = Type.Object(
  {
    rule: Type.String({ minLength: 1 }),
    severity: literals(["error", "warning", "info"]),
    path: Type.String(),
    message: Type.String(),
    provider: Type.Optional(literals(LINT_PROVIDERS)),
  },
  closed,
);
export type LintDiagnostic = Static<typeof LintDiagnostic>;

/** `200` of `POST /api/schema/lint`: sorted by path, then rule. */
export const LintReply = Type.Object({ diagnostics: Type.Array(LintDiagnostic) }, closed);
export type LintReply = Static<typeof LintReply>;
