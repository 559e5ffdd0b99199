import "server-only";
import { assertNever, type WireFormat } from "@/lib/protocol/unified";
import { appendAssistantTurn, createConversationDraft } from "./conversation";
import { detectJsonShape, EXPECTED_IMPORT, type JsonShape } from "./detect";
import { projectPlannedTranscript, notePairingProblems } from "./doctor";
import { readExportFile } from "./export-file";
import { planHar } from "./har";
import { planOtlp } from "./otlp";
import { appendCapture, appendRequestMessages, buildPlan, FORMAT_LABELS } from "./plan-parts";
import { readRequestBody } from "./request-body";
import { readResponseBody } from "./response-body";
import { readSseCapture } from "./sse-capture";
import { parseJson, type JsonObject } from "./shapes";
import { inferTools, toImportedTools } from "./tools";
import type { ImportInput, PlanContext, PlanOutcome } from "./types";

const refuse = (error: string): PlanOutcome => ({ ok: false, error });

function planRequest(body: JsonObject, format: WireFormat, notes: string[]): PlanOutcome {
  const read = readRequestBody(body, format, notes);
  if (!read.ok) return refuse(`The body looks like an ${FORMAT_LABELS[format]} request, but ${read.error}`);
  const draft = createConversationDraft(notes);
  appendRequestMessages(draft, read.value, 0);
  const tools =
    read.value.tools.length > 0
      ? toImportedTools(read.value.tools, notes)
      : inferTools(draft.messages, notes);
  const { model, system, toolChoice, parallelToolCalls } = read.value;
  const title = `Imported ${FORMAT_LABELS[format]} request`;
  const parts = { format, system, tools, ...(model ? { model } : {}), ...(toolChoice ? { toolChoice } : {}) };
  return {
    ok: true,
    plan: buildPlan(
      { format: "request", provider: format },
      title,
      { ...parts, ...(parallelToolCalls !== undefined ? { parallelToolCalls } : {}) },
      draft,
    ),
  };
}

function planResponse(body: JsonObject, format: WireFormat, notes: string[]): PlanOutcome {
  const read = readResponseBody(body, format, notes);
  if (!read.ok) return refuse(`The body looks like an ${FORMAT_LABELS[format]} response, but ${read.error}`);
  const draft = createConversationDraft(notes);
  appendAssistantTurn(draft, read.value.turn);
  const { tools: specs, system, model } = read.value;
  const tools = specs && specs.length > 0 ? toImportedTools(specs, notes) : inferTools(draft.messages, notes);
  const title = `Imported ${FORMAT_LABELS[format]} response`;
  return {
    ok: true,
    plan: buildPlan(
      { format: "response", provider: format },
      title,
      { format, system: system ?? "", tools, ...(model ? { model } : {}) },
      draft,
    ),
  };
}

function planCapture(text: string, notes: string[], context: PlanContext): PlanOutcome {
  const read = readSseCapture(text, notes);
  if (!read.ok) return refuse(`${read.error} ${EXPECTED_IMPORT}`);
  const { format, response } = read.value;
  const draft = createConversationDraft(notes);
  appendCapture(draft, read.value, context.now);
  const tools = response?.tools?.length
    ? toImportedTools(response.tools, notes)
    : inferTools(draft.messages, notes);
  const title = `Imported ${FORMAT_LABELS[format]} SSE capture`;
  const parts = {
    format,
    system: response?.system ?? "",
    tools,
    ...(response?.model ? { model: response.model } : {}),
  };
  return { ok: true, plan: buildPlan({ format: "sse", provider: format }, title, parts, draft) };
}

function planExport(file: JsonObject, notes: string[]): PlanOutcome {
  const read = readExportFile(file, notes);
  if (!read.ok)
    return {
      ok: false,
      error: `The body is a Toolscope export, but ${read.error}`,
      ...(read.path === undefined ? {} : { path: read.path }),
    };
  const stored = projectPlannedTranscript(read.value.events);
  notePairingProblems(stored, stored, notes);
  const { title, provider, events, times } = read.value;
  return {
    ok: true,
    plan: {
      detected: { format: "toolscope-export", provider: provider.kind },
      title,
      provider,
      events,
      ...(times ? { times } : {}),
      notes,
    },
  };
}

function planShape(shape: JsonShape, value: JsonObject, notes: string[], context: PlanContext): PlanOutcome {
  switch (shape.kind) {
    case "export":
      return planExport(value, notes);
    case "har":
      return planHar(value, notes, context);
    case "otlp":
      return planOtlp(value);
    case "text":
      return planCapture(shape.text, notes, context);
    case "response":
      return planResponse(value, shape.format, notes);
    case "request":
      if (shape.note) notes.push(shape.note);
      return planRequest(value, shape.format, notes);
    default:
      return assertNever(shape, "import shape");
  }
}

/**
 * Works out everything an import will store, writing nothing: the format is detected, the input
 * read (leniently where a capture needs it), the conversation turned into the events a live run
 * would have appended, and the pairing doctor run. Text that parses as JSON is read as JSON.
 * Anything unrecognized is a refusal saying what was expected. Never throws on bad input.
 */
export function planImport(input: ImportInput, context: PlanContext): PlanOutcome {
  const notes: string[] = [];
  const value = input.kind === "json" ? input.value : parseJson(input.text);
  if (input.kind === "text" && value === undefined) return planCapture(input.text, notes, context);
  const shape = detectJsonShape(value);
  if (!shape) return refuse(`Unrecognized input. ${EXPECTED_IMPORT}`);
  return planShape(shape, value as JsonObject, notes, context);
}
