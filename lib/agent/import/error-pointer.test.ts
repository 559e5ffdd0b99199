import { describe, expect, it } from "vitest";
import { findErrorPointer } from "./import-session";

describe("findErrorPointer", () => {
  it("finds the pointer a reader's error names", () => {
    expect(
      findErrorPointer(
        "The body is a Toolscope export, but /events/2/text: missing or of the wrong type for a user.message event.",
      ),
    ).toBe("/events/2/text");
    expect(findErrorPointer("/version: this Toolscope reads export version 1; got 2.")).toBe("/version");
  });

  it("is undefined when the error names no pointer (a URL or a path inside prose is not one)", () => {
    expect(
      findErrorPointer("Unrecognized input: expected an export, a request body or a capture."),
    ).toBeUndefined();
    expect(findErrorPointer("see https://example.com/docs for more")).toBeUndefined();
  });
});
