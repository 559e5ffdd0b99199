import { describe, expect, it } from "vitest";
import { buildArgumentSkeleton } from "./argument-skeleton";

describe("buildArgumentSkeleton starts a direct call with the required arguments", () => {
  it("fills each required property with a placeholder of its type and leaves optional ones out", () => {
    const schema = {
      type: "object",
      properties: {
        path: { type: "string" },
        head: { type: "integer", minimum: 1 },
        mode: { enum: ["text", "base64"] },
        dryRun: { type: "boolean", default: true },
        edits: { type: "array", items: { type: "object" } },
        options: { type: "object", properties: { depth: { type: ["number", "null"] } }, required: ["depth"] },
        note: { type: "string" },
      },
      required: ["path", "head", "mode", "dryRun", "edits", "options", "missing"],
    };
    expect(buildArgumentSkeleton(schema)).toEqual({
      path: "",
      head: 1,
      mode: "text",
      dryRun: true,
      edits: [],
      options: { depth: 0 },
      missing: null,
    });
  });

  it("gives {} for a schema without required properties and null for what is not a schema", () => {
    expect(buildArgumentSkeleton({ type: "object", properties: { a: { type: "string" } } })).toEqual({});
    const odd = buildArgumentSkeleton({ properties: {}, required: ["__proto__"] }) as object;
    expect(Object.getPrototypeOf(odd)).toBe(Object.prototype);
    expect(JSON.stringify(odd)).toBe('{"__proto__":null}');
    expect(buildArgumentSkeleton(null)).toBeNull();
    expect(buildArgumentSkeleton([1])).toBeNull();
  });
});
