/** The vocabulary of tool-definition lint: providers, severities, diagnostics and rules. */
import type { ToolDefinition } from "@/lib/trace/config";

/** The providers a definition is linted for (docs/api.md); `openai-strict` is OpenAI with `strict: true`. */
export type LintProvider = "anthropic" | "openai" | "openai-strict";

/** Every provider, in the order diagnostics of the same path and rule are listed. */
export const LINT_PROVIDERS: readonly LintProvider[] = ["anthropic", "openai", "openai-strict"];

/** How bad a finding is: `error` — a provider rejects the definition or it cannot work; `warning` — it works, worse; `info` — a note. */
export type LintSeverity = "error" | "warning" | "info";

/** One problem with a definition (docs/api.md's lint diagnostic). */
export interface LintDiagnostic {
  readonly rule: LintRuleId;
  readonly severity: LintSeverity;
  /** JSON Pointer into the tool definition, e.g. `/input_schema/properties/path`. */
  readonly path: string;
  /** What is wrong and how to fix it. */
  readonly message: string;
  /** Set when the rule is specific to some providers: the provider that would reject or misread it. */
  readonly provider?: LintProvider;
}

/** What a rule finds: where, and the words; the engine adds the rule, severity and provider. */
export interface LintFinding {
  readonly path: string;
  readonly message: string;
}

/**
 * A tool definition as lint reads it: any field may hold any JSON value (a definition being
 * typed in an editor is rarely well-formed), so a `ToolDefinition` and a parsed body both fit.
 */
export type LintableTool = { readonly [K in keyof ToolDefinition]?: unknown };

/** One subschema of `input_schema`, with where it sits. */
export interface SchemaNode {
  /** JSON Pointer into the tool definition (it starts with `/input_schema`). */
  readonly pointer: string;
  readonly schema: Readonly<Record<string, unknown>>;
  /** The keyword this subschema is the value of (`properties`, `items`, `anyOf`, …); null at the root. */
  readonly via: string | null;
  /** The property name when `via` is `properties`. */
  readonly propertyName?: string;
  /** How many object schemas enclose this one (the root is 0). */
  readonly objectDepth: number;
}

/** What every rule reads: the definition and its schema's subschemas. */
export interface LintContext {
  readonly tool: LintableTool;
  /** `tool.input_schema`, whatever it holds. */
  readonly schema: unknown;
  /** Every object subschema, the root first, in document order. */
  readonly nodes: readonly SchemaNode[];
}

/** The stable rule ids (docs/api.md's `rule`). */
export type LintRuleId =
  | "invalid-json-schema"
  | "regex-unsupported"
  | "name-format"
  | "top-level-object"
  | "required-unknown"
  | "missing-tool-description"
  | "short-tool-description"
  | "missing-property-description"
  | "default-invalid"
  | "enum-type-mismatch"
  | "examples-invalid"
  | "unknown-keyword"
  | "openai-strict-additional-properties"
  | "openai-strict-all-required"
  | "openai-strict-unsupported-keyword"
  | "openai-strict-root-anyof"
  | "openai-strict-limits"
  | "anthropic-strict-additional-properties"
  | "anthropic-strict-unsupported-keyword";

/** A pure check over a definition. Never throws, whatever JSON the definition holds. */
export type LintCheck = (context: LintContext) => readonly LintFinding[];

/** A rule as {@link LINT_RULES} registers it. */
export interface LintRule {
  readonly id: LintRuleId;
  readonly severity: LintSeverity;
  /**
   * `"all"`: true for every provider, reported once without `provider`. A list: reported once
   * per requested provider in it, with `provider` set.
   */
  readonly providers: "all" | readonly LintProvider[];
  readonly check: LintCheck;
}
