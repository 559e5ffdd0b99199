/**
 * The pipeline's policy: pure functions for the `preflight` and `post` stages, the built-in
 * hooks, and the small JSON tools they share (globs, JSON Pointer, merge patch).
 */
export { matchRule, type RuleCondition, type RuleMatch } from "./conditions";
export {
  CONFINEMENT_ID,
  PATH_ARGUMENT_NAME,
  checkConfinement,
  explainRefusal,
  listPathArguments,
  type ConfinementResult,
  type PathArgument,
} from "./confinement";
export { compileToolGlob, matchToolGlob } from "./glob";
export { BUILTIN_HOOKS, idempotencyGuard, staleFileCheck } from "./hooks";
export { applyMergePatch, isDeepEqual } from "./json-value";
export { formatPointer, parsePointer, readPointer, type PointerResult } from "./pointer";
export { DEFAULT_MAX_RESULT_CHARS, applyPostRules } from "./post";
export { DEFAULT_APPROVAL_ID, evaluatePreflight } from "./preflight";
export { compileSecretPatterns, formatCount, redactText, truncateText } from "./result-text";
export * from "./types";
