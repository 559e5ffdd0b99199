import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { listScenarios } from "@/lib/lessons";
import { PROVIDER_REASON_CODES } from "@/lib/contract/settings";
import { findProviderProblem } from "@/lib/providers/provider-checks";
import type { ProviderConfig } from "@/lib/trace/config";
import { listCatalogFiles, readCatalog } from "./catalogs";

/**
 * What a Chinese page says: every zh catalog string and every lesson's Chinese text, checked for
 * English words outside code, for the terms the glossary (`Glossary` in the catalogs) rejects,
 * and for an ASCII colon among full-width punctuation; and the server's reasons, which pages
 * translate from their codes.
 */

/** Names and wire vocabulary that stay as they are in Chinese: products, protocols, keys, identifiers. */
const KEPT_IN_ENGLISH = new Set(
  [
    "Anthropic OpenAI Claude Code Toolscope Ollama vLLM LM Studio OpenTelemetry GenAI npm curl",
    "Chat Completions Responses API SDK JSON SSE HTTP HTTPS URL ID MCP OTLP HAR DNS LLM KB DevTools",
    "Enter Shift Esc Tab Cookie token span schema Schema User-Agent JSON-RPC Desktop Inspector lint stdio stderr",
    "lookup prepare validate preflight approval execute progress post normalize",
    "user assistant system tools messages text thinking role seq id name interrupted auto none any",
    "mock static echo manual true false batch rules hooks redact hookFailure maxResultChars PolicyConfig",
  ].flatMap((line) => line.split(" ")),
);

/** A string with ICU arguments and plural syntax, markup, code, URLs and paths taken out. */
function stripCode(text: string): string {
  let stripped = text;
  // Plural and select cases: keep each case's text, drop the keyword and the argument.
  for (let pass = 0; pass < 3; pass++)
    stripped = stripped.replace(
      /\{\s*\w+\s*,\s*(?:plural|select|selectordinal)\s*,((?:[^{}]|\{[^{}]*\})*)\}/g,
      (_m, cases: string) =>
        cases.replace(/(?:=\d+|zero|one|two|few|many|other|\w+)\s*\{([^{}]*)\}/g, " $1 "),
    );
  return stripped
    .replace(/\{[^{}]*\}/g, " ")
    .replace(/<code>[\s\S]*?<\/code>/g, " ")
    .replace(/<\/?\w+>/g, " ")
    .replace(/`[^`]*`/g, " ")
    .replace(/"[^"]*"\s*:\s*[\w"]+/g, " ")
    .replace(/"[^"]*"/g, " ")
    .replace(/(?<=\s)-{1,2}\w+/g, " ")
    .replace(/\b[a-z][\w+.-]*:\/\/\S*/gi, " ")
    .replace(/\S*[/_.@#=]\S*/g, (token) =>
      /[\u4e00-\u9fff]/u.test(token) ? token.replace(/[\w/.@#=-]+/g, " ") : " ",
    );
}

/** The English words of a Chinese string, outside code and the kept names. */
function findEnglishWords(text: string): string[] {
  const words = stripCode(text).match(/[A-Za-z][A-Za-z'-]*/g) ?? [];
  // Acronyms, camelCase and hyphenated lowercase words are names in code (mcpServers, x-api-key).
  return words.filter(
    (word) =>
      !KEPT_IN_ENGLISH.has(word) &&
      !/^[A-Z]{2,}$/.test(word) &&
      !/^[a-z]+[A-Z]\w*$/.test(word) &&
      !/^[a-z]+(?:-[a-z]+)+$/.test(word),
  );
}

/** Every leaf string of a catalog with its key path. */
function listStrings(value: unknown, prefix = ""): [string, string][] {
  if (typeof value === "string") return [[prefix, value]];
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) =>
    listStrings(child, prefix ? `${prefix}.${key}` : key),
  );
}

/** Every `zh` text of a lesson (title, summary, steps…), with where it is. */
function listLessonTexts(): [string, string][] {
  const found: [string, string][] = [];
  const walk = (value: unknown, path: string) => {
    if (Array.isArray(value)) value.forEach((item, index) => walk(item, `${path}[${index}]`));
    else if (typeof value === "object" && value !== null)
      for (const [key, child] of Object.entries(value)) {
        if (key === "zh" && typeof child === "string") found.push([path, child]);
        else walk(child, `${path}.${key}`);
      }
  };
  for (const scenario of listScenarios()) walk(scenario, scenario.id);
  return found;
}

const CATALOG = listCatalogFiles("zh")
  .flatMap((file) => listStrings(file))
  .filter(([key]) => !key.startsWith("Glossary."));
const LESSONS = listLessonTexts();

describe("Chinese pages say things in Chinese", () => {
  it("no catalog string has an English word outside code and kept names", () => {
    const offenders = CATALOG.flatMap(([key, text]) => {
      const words = findEnglishWords(text);
      return words.length > 0 ? [`${key}: ${words.join(", ")}`] : [];
    });
    expect(offenders).toEqual([]);
  });

  it("the glossary's rejected variants appear nowhere: 沙盒, 线路, 程序 for the harness", () => {
    const texts = [...CATALOG, ...LESSONS];
    const offenders = texts
      .filter(([, text]) => /沙盒|线路|线格式|程序|wire 事件/.test(text))
      .map(([key]) => key);
    expect(offenders).toEqual([]);
    expect(texts.some(([, text]) => text.includes("沙箱"))).toBe(true);
    expect(texts.some(([, text]) => text.includes("执行框架"))).toBe(true);
    expect(texts.some(([, text]) => text.includes("传输格式"))).toBe(true);
  });

  it("no ASCII colon among full-width punctuation", () => {
    const offenders = [...CATALOG, ...LESSONS]
      .filter(([, text]) => /[\u4e00-\u9fff]/u.test(text))
      .filter(([, text]) => /(?<![a-z_]):(?!\/\/)|[\u4e00-\u9fff]\s*:/iu.test(stripCode(text)))
      .map(([key]) => key);
    expect(offenders).toEqual([]);
  });

  it("the checks can fail: they find English, a rejected term and an ASCII colon", () => {
    expect(findEnglishWords("请检查 the network 设置")).toEqual(["the", "network"]);
    expect(
      findEnglishWords("{count, plural, other {# 个 token}}，见 `read_file` 和 <code>npm start</code>"),
    ).toEqual([]);
    expect(/(?<![a-z_]):(?!\/\/)/iu.test(stripCode("原因: 网络"))).toBe(true);
  });
});

describe("server reasons reach a Chinese page translated", () => {
  const zh = readCatalog("zh").ProviderReason as Record<string, string>;
  const en = readCatalog("en").ProviderReason as Record<string, string>;
  const CONFIGS: Record<string, ProviderConfig> = {
    no_anthropic_key: { kind: "anthropic" },
    no_openai_key: { kind: "openai-chat" },
    bad_base_url: { kind: "anthropic", baseURL: "ftp://example.com" },
    faults_offline_only: { kind: "anthropic", faults: [{ kind: "overloaded", turn: 1 }] } as ProviderConfig,
  };

  it.each(PROVIDER_REASON_CODES.map((code) => [code]))("%s has an English and a Chinese message", (code) => {
    expect(en[code]).toBeTruthy();
    expect(zh[code]).toBeTruthy();
    expect(findEnglishWords(zh[code]!)).toEqual([]);
  });

  it.each(Object.entries(CONFIGS))(
    "the server's %s comes with the parameters its message needs",
    (code, config) => {
      const problem = findProviderProblem(config, () => null);
      expect(problem?.code).toBe(code);
      for (const locale of ["en", "zh"] as const) {
        const message = (locale === "en" ? en : zh)[code]!;
        const text = new IntlMessageFormat(message, locale).format(problem!.params) as string;
        expect(text).not.toMatch(/\{|\}/);
        for (const value of Object.values(problem!.params)) expect(text).toContain(value);
      }
    },
  );
});
