import { describe, expect, it } from "vitest";
import { only } from "@/lib/agent/testing/offline-runtime";
import { locateSteps } from "@/lib/trace/lesson-steps";
import { projectWorkspace } from "@/lib/trace/workspace";
import { runLesson } from "../testing/run-lesson";
import { wrongArgumentsLesson } from "./wrong-arguments";

const WRONG = '{"customer":"Ada Lovelace","items":[{"sku":"MUG-01","quantity":"3"}],"currency":"GBP"}';

describe("lesson wrong-arguments: a wrong type, the field-level hint, the corrected call", () => {
  it("parses the JSON string at prepare, rejects the field at validate, runs only the corrected call", async () => {
    const { events } = await runLesson("wrong-arguments");
    const [first] = only(events, "turn.completed");
    const call = first!.unified.content.find((block) => block.type === "toolCall")!;
    expect(call).toMatchObject({ name: "create_order", rawArguments: WRONG });

    const [rejected, created] = only(events, "tool.result");
    const stagesOf = (callId: string) =>
      only(events, "tool.stage").filter((e) => e.callId === callId && e.status !== "running");
    const firstStages = stagesOf(rejected!.callId);
    expect(firstStages.map((e) => `${e.stage} ${e.status}`)).toEqual([
      "lookup ok",
      "prepare ok",
      "validate error",
      "normalize ok",
    ]);
    const prepareStart = only(events, "tool.stage").find(
      (e) => e.callId === rejected!.callId && e.stage === "prepare" && e.status === "running",
    );
    expect(prepareStart!.input).toBe(WRONG);
    expect(firstStages[2]!.output).toBe('`items[0].quantity` must be an integer, got string "3"');
    expect(rejected).toMatchObject({
      isError: true,
      errorKind: "schema_validation_error",
      content:
        'The arguments for `create_order` do not match its input_schema:\n`items[0].quantity` must be an integer, got string "3"\nNothing ran.',
      hint: "Resend the call with the fields fixed; nothing ran.",
    });

    // Only the corrected call ran: one order in the ledger, with quantity 3.
    expect(created).toMatchObject({ name: "create_order", isError: false, turn: 2 });
    expect(stagesOf(created!.callId).map((e) => `${e.stage} ${e.status}`)).toContain("execute ok");
    expect(projectWorkspace(events).ledger).toEqual([
      {
        tool: "create_order",
        action: "order.created",
        orderId: "ord_0001",
        customer: "Ada Lovelace",
        items: [{ sku: "MUG-01", quantity: 3 }],
        currency: "GBP",
      },
    ]);

    const seqOf = (callId: string, stage: string) => stagesOf(callId).find((e) => e.stage === stage)!.seq;
    expect(locateSteps(events, wrongArgumentsLesson.steps)).toEqual([
      first!.seq,
      seqOf(rejected!.callId, "prepare"),
      seqOf(rejected!.callId, "validate"),
      rejected!.seq,
      seqOf(created!.callId, "validate"),
      only(events, "workspace.changed")[0]!.seq,
    ]);
  });
});
