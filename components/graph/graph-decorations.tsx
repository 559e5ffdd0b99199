"use client";

import type { Node, NodeProps } from "@xyflow/react";
import { useTranslations } from "next-intl";
import { memo } from "react";
import type { BandData, GroupData } from "./canvas-items";

/** A turn's band behind its nodes: "Turn 2 · 3 calls · in parallel". */
const TurnBand = memo(function TurnBand({ data }: NodeProps<Node<BandData>>) {
  const t = useTranslations("Graph.band");
  const parts = [t("turn", { turn: data.turn })];
  if (data.calls > 0) parts.push(t("calls", { count: data.calls }));
  if (data.calls > 1 && data.groups === 1) parts.push(t("parallel"));
  else if (data.calls > 1 && data.groups === data.calls) parts.push(t("serial"));
  else if (data.calls > 1 && data.groups > 1) parts.push(t("steps", { count: data.groups }));
  return (
    <div className="graph-band" data-testid="graph-turn" data-turn={data.turn} aria-hidden="true">
      <span className="graph-band-label">{parts.join(" · ")}</span>
    </div>
  );
});

/** A bracket beside the lanes of one batch group: the calls in it run together. */
const LaneGroup = memo(function LaneGroup({ data }: NodeProps<Node<GroupData>>) {
  return (
    <div
      className={`graph-lane-group${data.calls > 1 ? " is-parallel" : ""}`}
      data-testid="graph-lane-group"
      data-calls={data.calls}
      aria-hidden="true"
    />
  );
});

export const DECORATION_TYPES = { band: TurnBand, "lane-group": LaneGroup };
