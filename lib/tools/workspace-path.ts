/**
 * Confines a path argument to the workspace. Returns the normalized workspace-relative path, or
 * the reason it is refused. The preflight stage applies the same rule before a tool ever runs;
 * tools check again so no code path can reach outside.
 */
export function resolveWorkspacePath(
  raw: unknown,
): { ok: true; path: string } | { ok: false; reason: string } {
  if (typeof raw !== "string") return { ok: false, reason: "path must be a string" };
  if (raw.includes("\0")) return { ok: false, reason: "path contains a NUL byte" };
  if (raw.includes("\\")) return { ok: false, reason: "path contains a backslash; use / between folders" };
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return { ok: false, reason: "path has a malformed %-escape" };
  }
  if (decoded !== raw && /(^|\/)\.\.(\/|$)/.test(decoded))
    return { ok: false, reason: "path escapes the workspace (encoded ..)" };
  if (raw.startsWith("/") || /^[A-Za-z]:/.test(raw) || raw.startsWith("~")) {
    return { ok: false, reason: "path must be relative to the workspace, not absolute" };
  }
  const parts: string[] = [];
  for (const part of raw.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") return { ok: false, reason: "path escapes the workspace (..)" };
    parts.push(part);
  }
  return { ok: true, path: parts.join("/") };
}

/** Whether a workspace file exists (own keys only: `__proto__` is a file name, not a lookup). */
export function hasFile(files: Readonly<Record<string, string>>, path: string): boolean {
  return Object.hasOwn(files, path);
}
