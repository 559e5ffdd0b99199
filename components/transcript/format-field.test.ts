import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FormatMessage, formatContent } from "./format-field";

describe("FormatMessage", () => {
  it("wraps what a format shows of a message under its role chip", () => {
    const html = renderToStaticMarkup(FormatMessage({ role: "tool", children: createElement("dl") }));
    expect(html).toBe(
      '<article class="message format-message role-tool" data-testid="format-message" data-role="tool">' +
        '<header class="message-header"><span class="role-chip role-tool">tool</span></header><dl></dl></article>',
    );
  });
});

describe("formatContent", () => {
  it("shows a string as it is, parts as JSON and nothing as empty", () => {
    expect(formatContent("hi")).toBe("hi");
    expect(formatContent([{ type: "text" }])).toBe('[\n  {\n    "type": "text"\n  }\n]');
    expect(formatContent(null)).toBe("");
  });
});
