import { describe, expect, it } from "vitest";
import { ApiError } from "@/components/data/api";
import { readForkRefusal } from "./use-fork";

const problem = {
  rule: "result-missing",
  severity: "error",
  message: "call c1 has no result",
  messageIndex: 1,
  rejectedBy: ["anthropic"],
};

describe("readForkRefusal", () => {
  it("reads the doctor's findings and the valid seqs from the error body", () => {
    const error = new ApiError(422, "refused", "/edits/messages", {
      error: "refused",
      problems: [problem],
      validSeqs: [0, 5],
    });
    expect(readForkRefusal(error)).toEqual({ problems: [problem], validSeqs: [0, 5] });
  });

  it("gives empty lists for a body without them, a missing body, or no ApiError", () => {
    const empty = { problems: [], validSeqs: [] };
    expect(readForkRefusal(new ApiError(400, "bad", undefined, { error: "bad" }))).toEqual(empty);
    expect(readForkRefusal(new ApiError(0, "offline"))).toEqual(empty);
    expect(readForkRefusal(new ApiError(422, "odd", undefined, { problems: "x" }))).toEqual(empty);
    expect(readForkRefusal(new Error("other"))).toEqual(empty);
    expect(readForkRefusal(null)).toEqual(empty);
  });
});
