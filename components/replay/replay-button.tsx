"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import dynamic from "next/dynamic";
import { useParams } from "next/navigation";
import { useEffect, useState, type SyntheticEvent } from "react";
import { createPortal } from "react-dom";
import { sessionKey } from "@/components/data/query-keys";
import type { SessionDetail } from "@/lib/contract/sessions";
import type { ToolCallBlock } from "@/lib/protocol/unified";
import { findRecordedToolCall } from "./replay-source";
import "./replay.css";

/** The dialog loads when it first opens: the transcript's first paint does not wait for it. */
const ReplayDialog = dynamic(() => import("./replay-dialog").then((m) => m.ReplayDialog));

interface ReplayButtonProps {
  /** The call, as the transcript holds it; or only its id (a graph node), looked up when opened. */
  call: ToolCallBlock | { id: string };
  /** The button's text and accessible name, when they should differ from the transcript's. */
  label?: string;
  ariaLabel?: string;
  className?: string;
  testId?: string;
}

/**
 * The dialog for a call given whole, or by id: then looked up in the session's cached log when
 * the dialog opens (a call whose turn has not completed has nothing to replay, so no dialog).
 */
function OpenReplayDialog(props: {
  sessionId: string;
  call: ReplayButtonProps["call"];
  onClose: () => void;
}) {
  const { sessionId, call, onClose } = props;
  const queryClient = useQueryClient();
  const [resolved] = useState(() => {
    if ("name" in call) return call as ToolCallBlock;
    const events = queryClient.getQueryData<SessionDetail>(sessionKey(sessionId))?.events ?? [];
    return findRecordedToolCall(events, call.id);
  });
  useEffect(() => {
    if (!resolved) onClose();
  }, [resolved, onClose]);
  return resolved ? <ReplayDialog sessionId={sessionId} call={resolved} onClose={onClose} /> : null;
}

/**
 * Keeps a click on the button, or inside its dialog, from reaching what holds it (React events
 * bubble through portals along the component tree). Keys are left alone: the debugger's F5/F10
 * listener must still see them to keep the browser from reloading.
 */
const stop = (event: SyntheticEvent) => event.stopPropagation();

/**
 * "Replay" on a recorded call (a transcript tool_use block, a graph node): opens the replay
 * dialog for that call. The session is the page's (`/sessions/:id`); outside a session page there
 * is nothing to replay against, so no button. The dialog is portalled to the body, and clicks
 * in it stop at its wrapper: a graph node's own click handler never sees them.
 */
export function ReplayButton({
  call,
  label,
  ariaLabel,
  className,
  testId = "replay-call",
}: ReplayButtonProps) {
  const t = useTranslations("Replay");
  const params = useParams<{ id?: string }>();
  const sessionId = typeof params?.id === "string" ? params.id : null;
  const [open, setOpen] = useState(false);
  if (sessionId === null) return null;

  return (
    <>
      <button
        type="button"
        className={`replay-button nodrag nopan${className ? ` ${className}` : ""}`}
        data-testid={testId}
        data-call-id={call.id}
        title={t("buttonHint")}
        aria-label={ariaLabel}
        aria-haspopup="dialog"
        onClick={(event) => {
          stop(event);
          setOpen(true);
        }}
        onPointerDown={stop}
        onDoubleClick={stop}
      >
        {label ?? t("button")}
      </button>
      {open
        ? createPortal(
            <div className="replay-portal" onClick={stop} onPointerDown={stop} onDoubleClick={stop}>
              <OpenReplayDialog sessionId={sessionId} call={call} onClose={() => setOpen(false)} />
            </div>,
            document.body,
          )
        : null}
    </>
  );
}
