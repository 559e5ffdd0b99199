/** Why a path argument is refused (see {@link resolveWorkspacePath}). */
export type PathRefusal =
  | "not-string"
  | "nul"
  | "control"
  | "backslash"
  | "encoded"
  | "malformed-escape"
  | "lookalike"
  | "absolute"
  | "home"
  | "drive"
  | "parent";

/** A workspace-relative path, or the rule that refused the argument and why (for the tool result). */
export type ResolvedPath = { ok: true; path: string } | { ok: false; refusal: PathRefusal; reason: string };

const REASONS: Record<PathRefusal, string> = {
  "not-string": "path must be a string",
  nul: "path contains a NUL byte",
  control: "path contains a control character",
  backslash: "path contains a backslash; use / between folders",
  encoded: "path contains an encoded dot, slash or % (%2e, %2f, %5c, %25); write the characters themselves",
  "malformed-escape": "path has a malformed %-escape",
  lookalike: "path contains characters that stand for dots or slashes (such as fullwidth ．or ／)",
  absolute: "path must be relative to the workspace, not absolute",
  home: "path must be relative to the workspace, not start at a home folder (~)",
  drive: "path must be relative to the workspace, not name a drive (C:)",
  parent: "path escapes the workspace (..)",
};

const refuse = (refusal: PathRefusal): ResolvedPath => ({ ok: false, refusal, reason: REASONS[refusal] });

/**
 * Confines a path argument to the workspace. Returns the normalized workspace-relative path
 * (`./notes//todo.md` → `notes/todo.md`, `notes/` → `notes`, `.` → `""`), or which rule refused
 * it and why. The preflight stage applies the same rule before a tool ever runs; tools check
 * again so no code path can reach outside.
 *
 * Refused: non-strings; NUL bytes and other control characters; backslashes; any `..` segment
 * (even `notes/../x`, which would stay inside: a model that writes `..` is probing); absolute
 * paths, `~` and drive letters; `%2e`, `%2f`, `%5c` and `%25` escapes (dots, slashes, and `%`
 * itself, which hides a double encoding); malformed escapes; and a path whose decoded or
 * NFKC-normalized form (fullwidth `．．／`, `%7e`) would break one of these rules. The returned
 * path is the literal text: `notes%20a.md` names a file called exactly that. Never throws.
 */
export function resolveWorkspacePath(raw: unknown): ResolvedPath {
  if (typeof raw !== "string") return refuse("not-string");
  if (/%(2e|2f|5c|25)/i.test(raw)) return refuse("encoded");
  const literal = findStructuralProblem(raw);
  if (literal) return refuse(literal);
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return refuse("malformed-escape");
  }
  if (findStructuralProblem(decoded)) return refuse("encoded");
  if (findStructuralProblem(decoded.normalize("NFKC"))) return refuse("lookalike");
  return {
    ok: true,
    path: raw
      .split("/")
      .filter((part) => part !== "" && part !== ".")
      .join("/"),
  };
}

function findStructuralProblem(path: string): PathRefusal | null {
  if (path.includes("\0")) return "nul";
  if (/[\u0001-\u001f\u007f]/.test(path)) return "control";
  if (path.includes("\\")) return "backslash";
  if (path.startsWith("/")) return "absolute";
  if (path.startsWith("~")) return "home";
  if (/^[A-Za-z]:/.test(path)) return "drive";
  if (path.split("/").includes("..")) return "parent";
  return null;
}

/** Whether a workspace file exists (own keys only: `__proto__` is a file name, not a lookup). */
export function hasFile(files: Readonly<Record<string, string>>, path: string): boolean {
  return Object.hasOwn(files, path);
}
