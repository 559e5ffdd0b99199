import { describe, expect, it } from "vitest";
import { parseAcceptLanguage, pickLocaleFromAcceptLanguage } from "./accept-language";

describe("pickLocaleFromAcceptLanguage", () => {
  it.each([
    [null, "en"],
    ["", "en"],
    ["zh-CN,zh;q=0.9,en;q=0.8", "zh"],
    ["zh", "zh"],
    ["zh-TW", "zh"],
    ["ZH-Hans-CN", "zh"],
    ["en-US,en;q=0.9", "en"],
    ["en-US,en;q=0.9,zh-CN;q=0.8", "en"],
    ["fr-FR,fr;q=0.9,zh;q=0.5,en;q=0.4", "zh"],
    ["fr-FR,fr;q=0.9,en;q=0.5,zh;q=0.4", "en"],
    ["en;q=0.5,zh;q=0.8", "zh"],
    ["zh;q=0,en", "en"],
    ["de-DE", "en"],
    ["*", "en"],
    ["zhx,zh-CN", "zh"],
    ["en;q=abc,zh", "zh"],
  ] as const)("%j → %s", (header, locale) => {
    expect(pickLocaleFromAcceptLanguage(header)).toBe(locale);
  });
});

describe("parseAcceptLanguage", () => {
  it("reads tags and weights in the header's order", () => {
    expect(parseAcceptLanguage(" zh-CN , en;q=0.8 ; foo=1 ,,fr;Q=0.1")).toEqual([
      { tag: "zh-cn", weight: 1 },
      { tag: "en", weight: 0.8 },
      { tag: "fr", weight: 0.1 },
    ]);
  });
});
