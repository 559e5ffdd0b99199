/** Every lint rule, in one table: its id, default severity, providers and check (whose TSDoc cites the source). */
import {
  checkAnthropicStrictAdditionalProperties,
  checkAnthropicStrictUnsupportedKeyword,
} from "./rules-anthropic-strict";
import {
  checkMissingPropertyDescription,
  checkMissingToolDescription,
  checkNameFormat,
  checkShortToolDescription,
} from "./rules-definition";
import { checkOpenAiStrictLimits } from "./rules-openai-limits";
import {
  checkOpenAiStrictAdditionalProperties,
  checkOpenAiStrictAllRequired,
  checkOpenAiStrictRootAnyOf,
  checkOpenAiStrictUnsupportedKeyword,
} from "./rules-openai-strict";
import {
  checkInvalidJsonSchema,
  checkRegexUnsupported,
  checkRequiredUnknown,
  checkTopLevelObject,
  checkUnknownKeyword,
} from "./rules-structure";
import { checkDefaultInvalid, checkEnumTypeMismatch, checkExamplesInvalid } from "./rules-values";
import type { LintProvider, LintRule } from "./types";

const STRICT: readonly LintProvider[] = ["openai-strict"];
const ANTHROPIC: readonly LintProvider[] = ["anthropic"];

/**
 * The lint rules. `providers: "all"` marks a rule every provider shares (reported once, without
 * `provider`); a list marks one specific to those providers. The sources are quoted in each
 * check's TSDoc.
 */
export const LINT_RULES: readonly LintRule[] = [
  { id: "invalid-json-schema", severity: "error", providers: "all", check: checkInvalidJsonSchema },
  { id: "regex-unsupported", severity: "error", providers: "all", check: checkRegexUnsupported },
  { id: "name-format", severity: "error", providers: "all", check: checkNameFormat },
  { id: "top-level-object", severity: "error", providers: "all", check: checkTopLevelObject },
  { id: "required-unknown", severity: "error", providers: "all", check: checkRequiredUnknown },
  {
    id: "missing-tool-description",
    severity: "warning",
    providers: "all",
    check: checkMissingToolDescription,
  },
  { id: "short-tool-description", severity: "warning", providers: "all", check: checkShortToolDescription },
  {
    id: "missing-property-description",
    severity: "warning",
    providers: "all",
    check: checkMissingPropertyDescription,
  },
  { id: "default-invalid", severity: "warning", providers: "all", check: checkDefaultInvalid },
  { id: "enum-type-mismatch", severity: "warning", providers: "all", check: checkEnumTypeMismatch },
  { id: "examples-invalid", severity: "warning", providers: "all", check: checkExamplesInvalid },
  { id: "unknown-keyword", severity: "warning", providers: "all", check: checkUnknownKeyword },
  {
    id: "openai-strict-additional-properties",
    severity: "error",
    providers: STRICT,
    check: checkOpenAiStrictAdditionalProperties,
  },
  {
    id: "openai-strict-all-required",
    severity: "error",
    providers: STRICT,
    check: checkOpenAiStrictAllRequired,
  },
  {
    id: "openai-strict-unsupported-keyword",
    severity: "error",
    providers: STRICT,
    check: checkOpenAiStrictUnsupportedKeyword,
  },
  { id: "openai-strict-root-anyof", severity: "error", providers: STRICT, check: checkOpenAiStrictRootAnyOf },
  { id: "openai-strict-limits", severity: "error", providers: STRICT, check: checkOpenAiStrictLimits },
  {
    id: "anthropic-strict-additional-properties",
    severity: "error",
    providers: ANTHROPIC,
    check: checkAnthropicStrictAdditionalProperties,
  },
  {
    id: "anthropic-strict-unsupported-keyword",
    severity: "error",
    providers: ANTHROPIC,
    check: checkAnthropicStrictUnsupportedKeyword,
  },
];
