import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createElement, type ReactElement } from "react";
import { describe, expect, it } from "vitest";
import type { UnifiedMessage } from "@/lib/protocol/unified";
import { renderWithIntl } from "@/components/testing/render-with-intl";
import { TranscriptView } from "./transcript-view";
import { VIRTUAL_THRESHOLD } from "./virtual-message-list";

function render(element: ReactElement): string {
  const withQueries = createElement(QueryClientProvider, { client: new QueryClient() }, element);
  return renderWithIntl(withQueries);
}

/** `count` alternating user and assistant text messages. */
function buildMessages(count: number): UnifiedMessage[] {
  return Array.from({ length: count }, (_, index) => ({
    role: index % 2 === 0 ? "user" : "assistant",
    content: [{ type: "text", text: `message ${index + 1}` }],
  }));
}

const countCards = (html: string) => [...html.matchAll(/data-testid="message"/g)].length;

describe("the transcript's message list", () => {
  it("draws every message of a short transcript", () => {
    const html = render(
      createElement(TranscriptView, { messages: buildMessages(VIRTUAL_THRESHOLD), streaming: null }),
    );
    expect(countCards(html)).toBe(VIRTUAL_THRESHOLD);
    expect(html).not.toContain("is-virtual");
  });

  it("draws only the first messages of a long one, in a list as tall as all of them", () => {
    const html = render(createElement(TranscriptView, { messages: buildMessages(500), streaming: null }));
    expect(html).toContain('class="message-list is-virtual" data-count="500"');
    expect(countCards(html)).toBeLessThan(20);
    expect(html).toContain('data-number="1"');
    expect(html).not.toContain('data-number="500"');
  });
});
