/**
 * The Anthropic model a session uses when none is given, and the Settings page's placeholder: a
 * current id, one the SDK does not warn about as deprecated (lib/providers/current-model.test.ts).
 * A file of its own, with no imports, so the browser bundle takes only this string.
 */
export const DEFAULT_ANTHROPIC_MODEL = "claude-sonnet-4-6";
