import { useTranslations } from "next-intl";
import dynamic from "next/dynamic";
import { useState } from "react";
import { useForkSeq, useRouteSessionId } from "./fork-seqs-context";
import "./fork.css";

/** The dialog loads when it first opens: the transcript's first paint does not wait for it. */
const ForkDialog = dynamic(() => import("./fork-dialog").then((m) => m.ForkDialog));

/**
 * "Fork here" for the transcript message at position `number` (from 1) of the session the page
 * shows: drawn only when the message's last event is a fork point (`ForkSeqsContext`); opens the
 * fork dialog.
 */
export function ForkHere({ number }: { number: number }) {
  const t = useTranslations("Fork");
  const sessionId = useRouteSessionId();
  const at = useForkSeq(number);
  const [open, setOpen] = useState(false);
  if (at === null) return null;

  return (
    <>
      <button
        type="button"
        className="fork-here"
        data-testid="fork-here"
        data-seq={at}
        title={t("hint", { seq: at })}
        onClick={() => setOpen(true)}
      >
        {t("button")}
      </button>
      {open ? <ForkDialog sessionId={sessionId} at={at} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
