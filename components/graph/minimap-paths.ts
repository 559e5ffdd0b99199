import type { TurnBand } from "@/lib/trace/graph/layout";

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The share of a lane's height the minimap fills, so neighbouring lanes stay apart. */
export const LANE_FILL = 0.6;

function describeBox({ x, y, width, height }: Box): string {
  return `M${x} ${y}h${width}v${height}h${-width}z`;
}

/**
 * The minimap's turns as two SVG paths, one rectangle a subpath: every band, and every lane
 * (`LANE_FILL` of its height). A 10,000-event session has hundreds of turns and lanes: two
 * elements to draw and to diff on each jump, instead of one per band and per lane.
 */
export function describeMinimapPaths(turns: readonly TurnBand[]): { bands: string; lanes: string } {
  const bands: string[] = [];
  const lanes: string[] = [];
  for (const band of turns) {
    bands.push(describeBox(band));
    for (const lane of band.lanes) lanes.push(describeBox({ ...lane, height: lane.height * LANE_FILL }));
  }
  return { bands: bands.join(""), lanes: lanes.join("") };
}
