import { defineTool } from "./define-tool";
import { fail, succeed } from "./tool-arguments";
import { hasFile, resolveWorkspacePath } from "./workspace-path";

/** `read_file`: a workspace file's content, or an error pointing to `list_dir`. */
export const readFile = defineTool({
  name: "read_file",
  description: "Read a UTF-8 text file from the session workspace.",
  input_schema: {
    type: "object",
    properties: { path: { type: "string", description: "Workspace-relative path, e.g. notes/todo.md" } },
    required: ["path"],
    additionalProperties: false,
  },
  meta: { readOnly: true },
  async execute(args, { workspace }) {
    const resolved = resolveWorkspacePath(args.path);
    if (!resolved.ok) return fail(resolved.reason);
    if (!hasFile(workspace.files, resolved.path))
      return fail(`No such file: ${resolved.path}. Use list_dir to see what exists.`);
    return succeed(workspace.files[resolved.path]!);
  },
});

/** `list_dir`: the entries of a workspace directory, folders with a trailing `/`. */
export const listDir = defineTool({
  name: "list_dir",
  description: "List the files and folders in a workspace directory.",
  input_schema: {
    type: "object",
    properties: {
      path: { type: "string", description: "Workspace-relative directory; . for the root", default: "." },
    },
    additionalProperties: false,
  },
  meta: { readOnly: true },
  async execute(args, { workspace }) {
    const resolved = resolveWorkspacePath(args.path ?? ".");
    if (!resolved.ok) return fail(resolved.reason);
    const prefix = resolved.path === "" ? "" : `${resolved.path}/`;
    const entries = new Set<string>();
    for (const file of Object.keys(workspace.files).sort()) {
      if (!file.startsWith(prefix)) continue;
      const rest = file.slice(prefix.length);
      const slash = rest.indexOf("/");
      entries.add(slash < 0 ? rest : `${rest.slice(0, slash)}/`);
    }
    if (entries.size === 0) {
      return hasFile(workspace.files, resolved.path)
        ? fail(`${resolved.path} is a file, not a directory. Use read_file to read it.`)
        : fail(`No such directory: ${resolved.path || "."}`);
    }
    return succeed([...entries].join("\n"));
  },
});

/** `write_file`: replaces a workspace file with the given content (a `write` change). */
export const writeFile = defineTool({
  name: "write_file",
  description: "Write a UTF-8 text file in the session workspace, replacing it if it exists.",
  input_schema: {
    type: "object",
    properties: {
      path: { type: "string", description: "Workspace-relative path of the file to write" },
      content: { type: "string", description: "The full new content of the file" },
    },
    required: ["path", "content"],
    additionalProperties: false,
  },
  meta: { idempotent: true, needsApproval: false },
  async execute(args, { recordChange }) {
    const resolved = resolveWorkspacePath(args.path);
    if (!resolved.ok) return fail(resolved.reason);
    if (resolved.path === "") return fail("path must name a file");
    if (typeof args.content !== "string") return fail("content must be a string");
    recordChange({ type: "write", path: resolved.path, content: args.content });
    return succeed(`Wrote ${args.content.length} characters to ${resolved.path}.`);
  },
});
