import { createElement, type ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { renderWithIntl } from "@/components/testing/render-with-intl";
import { ForkHere } from "./fork-here";
import { ForkSeqsContext } from "./fork-seqs-context";

function render(element: ReactElement, forkSeqs: readonly (number | null)[] | null): string {
  const withSeqs = createElement(ForkSeqsContext.Provider, { value: forkSeqs }, element);
  return renderWithIntl(withSeqs);
}

describe("Fork here", () => {
  it("forks at the seq the page's fork seqs give its message", () => {
    const html = render(createElement(ForkHere, { number: 2 }), [1, 7, null]);
    expect(html).toContain('data-testid="fork-here"');
    expect(html).toContain('data-seq="7"');
  });

  it("is not drawn for a message that ends at no fork point, nor past the list", () => {
    expect(render(createElement(ForkHere, { number: 3 }), [1, 7, null])).toBe("");
    expect(render(createElement(ForkHere, { number: 4 }), [1, 7, null])).toBe("");
  });

  it("is not drawn outside a session page (no fork seqs)", () => {
    expect(render(createElement(ForkHere, { number: 1 }), null)).toBe("");
  });
});
