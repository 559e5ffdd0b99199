/**
 * Path-escape attempts for every path argument of every tool, shared by the pipeline test, the
 * API tests and the e2e suite (so it imports nothing server-only). Test-only.
 */
import { PATH_ARGUMENT_NAME } from "@/lib/pipeline/policy/confinement";

/** Arguments that leave the workspace, each named for the trick it tries. */
export const PATH_ATTACKS: readonly (readonly [name: string, path: string])[] = [
  ["parent", "../secret"],
  ["parent, twice", "../../etc/passwd"],
  ["parent after a folder", "notes/../../x"],
  ["parent after a file", "notes/todo.md/../../x"],
  ["bare parent", ".."],
  ["absolute", "/etc/passwd"],
  ["absolute root", "/"],
  ["UNC share", "//server/share/x"],
  ["home", "~/.ssh/id_rsa"],
  ["Windows drive, backslashes", "C:\\Windows\\win.ini"],
  ["Windows drive, slashes", "C:/Windows/win.ini"],
  ["Windows separators", "..\\..\\secret"],
  ["Windows separators after a folder", "notes\\..\\..\\secret"],
  ["Windows UNC", "\\\\server\\share\\x"],
  ["encoded dots", "%2e%2e/secret"],
  ["encoded dots and slash, upper case", "%2E%2E%2Fsecret"],
  ["encoded slash", "..%2fsecret"],
  ["encoded backslash", "..%5csecret"],
  ["double-encoded dots", "%252e%252e/secret"],
  ["overlong UTF-8 dots", "%c0%ae%c0%ae/secret"],
  ["encoded NUL", "notes/todo.md%00.png"],
  ["NUL byte", "notes/todo.md\0../../x"],
  ["NUL alone", "\0"],
  ["fullwidth dots and slash", "．．／secret"],
  ["one-dot leaders", "\u2024\u2024/secret"],
  ["fullwidth solidus after a folder", "notes／..／secret"],
  ["control character", "notes/\u0008../x"],
];

/** A tool's path argument, with arguments that are otherwise valid for the tool. */
export interface PathArgumentCase {
  tool: string;
  argument: string;
  /** Valid arguments for the tool with `argument` set to `path`. */
  buildArguments(path: string): Record<string, unknown>;
}

/** The parts of a tool definition this reads. */
export interface ToolLike {
  name: string;
  input_schema: unknown;
}

/** Every string property of every tool whose name says it is a path (confinement's own rule). */
export function listPathArgumentCases(tools: readonly ToolLike[]): PathArgumentCase[] {
  return tools.flatMap((definition) => {
    const schema = definition.input_schema as {
      properties?: Record<string, { type?: string }>;
      required?: string[];
    };
    const properties = schema.properties ?? {};
    return Object.entries(properties)
      .filter(([name, property]) => property.type === "string" && PATH_ARGUMENT_NAME.test(name))
      .map(([argument]) => ({
        tool: definition.name,
        argument,
        buildArguments: (path: string) => {
          const args: Record<string, unknown> = { [argument]: path };
          for (const name of schema.required ?? [])
            if (name !== argument) args[name] = properties[name]?.type === "string" ? "pwned" : 1;
          return args;
        },
      }));
  });
}
