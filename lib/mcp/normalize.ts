import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

/** How a schema check answers (the pipeline's `validate`, on lib/schema's ajv). */
export type SchemaCheck = (
  schema: Record<string, unknown>,
  value: unknown,
) => { valid: boolean; message: string };

/** A `tools/call` result as the model sees it, and what the `structuredContent` check found. */
export interface NormalizedMcpResult {
  content: string;
  isError: boolean;
  /** `null` when the tool declares no `outputSchema`. */
  structured: { valid: boolean; message: string } | null;
}

type ContentItem = CallToolResult["content"][number];

/** One content item as text: text as it is, the rest described (binary data is never pasted as base64). */
export function describeContent(item: ContentItem): string {
  switch (item.type) {
    case "text":
      return item.text;
    case "image":
      return `[image ${item.mimeType}, ${base64Bytes(item.data)} bytes]`;
    case "audio":
      return `[audio ${item.mimeType}, ${base64Bytes(item.data)} bytes]`;
    case "resource": {
      const resource = item.resource as { uri: string; mimeType?: string; text?: string; blob?: string };
      const kind = resource.mimeType ? ` (${resource.mimeType})` : "";
      if (typeof resource.text === "string") return `[resource ${resource.uri}${kind}]\n${resource.text}`;
      return `[resource ${resource.uri}${kind}, ${base64Bytes(resource.blob ?? "")} bytes]`;
    }
    case "resource_link": {
      const link = item as { uri: string; name?: string; mimeType?: string; description?: string };
      const about = [link.name, link.mimeType, link.description].filter(Boolean).join(", ");
      return `[resource link ${link.uri}${about ? `: ${about}` : ""}]`;
    }
    default:
      return `[${String((item as { type?: unknown }).type)} content]`;
  }
}

function base64Bytes(data: string): number {
  const padding = data.endsWith("==") ? 2 : data.endsWith("=") ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}

/**
 * A server's `tools/call` result for the model: the content items as text, joined by newlines
 * (`structuredContent` as JSON when there is no content); `isError` kept, so the server's own
 * words reach the model as an execution error. With an `outputSchema`, `structuredContent`
 * must be present (unless `isError`) and match it; otherwise the result is an error saying what
 * the server got wrong.
 */
export function normalizeCallResult(
  result: CallToolResult,
  outputSchema: Record<string, unknown> | undefined,
  check: SchemaCheck,
): NormalizedMcpResult {
  const items = Array.isArray(result.content) ? result.content : [];
  let content = items.map(describeContent).join("\n");
  const structuredContent = result.structuredContent;
  if (content === "" && structuredContent !== undefined) content = JSON.stringify(structuredContent);
  const isError = result.isError === true;
  if (!outputSchema) return { content, isError, structured: null };
  if (isError) return { content, isError, structured: null };
  if (structuredContent === undefined) {
    const message = "the tool declares an outputSchema but its result has no structuredContent";
    return {
      content: `${content}\n[Toolscope: ${message}]`.trim(),
      isError: true,
      structured: { valid: false, message },
    };
  }
  const verdict = check(outputSchema, structuredContent);
  if (verdict.valid) return { content, isError, structured: { valid: true, message: "" } };
  return {
    content:
      `${content}\n[Toolscope: structuredContent does not match the tool's outputSchema:\n${verdict.message}]`.trim(),
    isError: true,
    structured: { valid: false, message: verdict.message },
  };
}
