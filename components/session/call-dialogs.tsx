"use client";

import { ApprovalDialog } from "@/components/controls/approval-dialog";
import { ManualResultDialog } from "@/components/controls/manual-result-dialog";
import type { PausedPoint } from "@/components/controls/paused-point";
import { assertNever, type ToolCallBlock } from "@/lib/protocol/unified";
import type { ToolDefinition } from "@/lib/trace/config";

interface CallDialogsProps {
  sessionId: string;
  paused: PausedPoint;
  call: ToolCallBlock | null;
  tools: readonly ToolDefinition[];
  onDismiss: () => void;
}

/** The dialog a waiting call needs: approval, or a manual result. One per pause (keyed by its seq). */
export function CallDialogs({ sessionId, paused, call, tools, onDismiss }: CallDialogsProps) {
  if (paused.callId === null) return null;
  switch (paused.reason) {
    case "approval":
      return (
        <ApprovalDialog
          key={paused.seq}
          sessionId={sessionId}
          callId={paused.callId}
          call={call}
          tool={tools.find((tool) => tool.name === call?.name) ?? null}
          onDismiss={onDismiss}
        />
      );
    case "manual-result":
      return (
        <ManualResultDialog
          key={paused.seq}
          sessionId={sessionId}
          callId={paused.callId}
          call={call}
          onDismiss={onDismiss}
        />
      );
    case "breakpoint":
      return null;
    default:
      return assertNever(paused.reason, "pause reason");
  }
}
