import { describe, expect, it } from "vitest";
import { listCatalogFiles, readCatalog } from "./catalogs";

/** Every leaf key path of a nested catalog, sorted: `Header.language`, … */
function listKeys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value)
    .flatMap(([key, child]) => listKeys(child, prefix ? `${prefix}.${key}` : key))
    .sort();
}

describe("readCatalog", () => {
  it("gives Chinese exactly the keys of English", () => {
    expect(listKeys(readCatalog("zh"))).toEqual(listKeys(readCatalog("en")));
  });

  it("merges every area's namespaces beside the core ones", () => {
    const catalog = readCatalog("en");
    expect(Object.keys(catalog)).toEqual(expect.arrayContaining(["Header", "Lessons", "Guide", "Branch"]));
  });

  it("uses no namespace in two files", () => {
    for (const locale of ["en", "zh"] as const) {
      const namespaces = listCatalogFiles(locale).flatMap((file) => Object.keys(file));
      expect(namespaces.length).toBe(new Set(namespaces).size);
    }
  });
});
