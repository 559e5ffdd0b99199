import { describe, expect, it } from "vitest";
import type { TurnBand } from "@/lib/trace/graph/layout";
import { describeMinimapPaths } from "./minimap-paths";

const band = (turn: number, y: number, lanes: TurnBand["lanes"]): TurnBand => ({
  turn,
  x: 0,
  y,
  width: 100,
  height: 50,
  lanes,
  hasCalls: lanes.length > 0,
});

describe("the minimap's paths", () => {
  it("draw every band as one subpath and every lane at 60 % of its height", () => {
    const paths = describeMinimapPaths([
      band(1, 0, []),
      band(2, 60, [
        { x: 10, y: 70, width: 80, height: 10 },
        { x: 10, y: 85, width: 40, height: 20 },
      ]),
    ]);
    expect(paths.bands).toBe("M0 0h100v50h-100zM0 60h100v50h-100z");
    expect(paths.lanes).toBe("M10 70h80v6h-80zM10 85h40v12h-40z");
  });

  it("are empty without turns", () => {
    expect(describeMinimapPaths([])).toEqual({ bands: "", lanes: "" });
  });
});
