import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findJsonErrorPosition, prepareArguments } from "./prepare";

describe("prepare: OpenAI's JSON-string arguments", () => {
  it("parses a JSON string into the arguments object", () => {
    expect(prepareArguments('{"path":"notes/todo.md"}')).toEqual({
      ok: true,
      arguments: { path: "notes/todo.md" },
    });
    expect(prepareArguments("  ")).toEqual({ ok: true, arguments: {} });
    expect(prepareArguments({ a: 1 })).toEqual({ ok: true, arguments: { a: 1 } });
  });

  it("reports where unparseable arguments break", () => {
    expect(prepareArguments('{"path": "notes/todo.md",}')).toEqual({
      ok: false,
      message:
        'The arguments are not valid JSON: unexpected "}" at position 25 (line 1, column 26), near "es/todo.md\\",}".',
    });
    expect(prepareArguments('{"a": tru')).toMatchObject({
      ok: false,
      message: expect.stringContaining("at position 9"),
    });
    expect(prepareArguments(null, '{"city": "Par')).toMatchObject({
      ok: false,
      message: expect.stringContaining("the end of the text"),
    });
  });

  it("refuses arguments that are not one object", () => {
    expect(prepareArguments("[1,2]")).toEqual({
      ok: false,
      message: "The arguments must be one JSON object; got an array.",
    });
    expect(prepareArguments("3")).toEqual({
      ok: false,
      message: "The arguments must be one JSON object; got number.",
    });
  });

  it("agrees with JSON.parse on what is valid JSON", () => {
    fc.assert(
      fc.property(fc.oneof(fc.json(), fc.string()), (text) => {
        let valid = true;
        try {
          JSON.parse(text);
        } catch {
          valid = false;
        }
        expect(findJsonErrorPosition(text) === null).toBe(valid);
      }),
      { numRuns: 500 },
    );
  });
});
