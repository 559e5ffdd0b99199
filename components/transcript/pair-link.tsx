import { useTranslations } from "next-intl";
import { useContext } from "react";
import { pairHue, shortId } from "./pairing";
import { ScrollToMessageContext } from "./scroll-to-message";

/** How many frames to wait for a message brought into view to be drawn. */
const DRAW_FRAMES = 10;

/** Scrolls to and focuses `elementId`, first bringing `message` into view when it is not drawn. */
function focusPaired(elementId: string, message: number | null, scrollTo: ((n: number) => void) | null) {
  const target = document.getElementById(elementId);
  if (target || message === null || !scrollTo) {
    target?.scrollIntoView({ block: "nearest", behavior: "smooth" });
    target?.focus({ preventScroll: true });
    return;
  }
  scrollTo(message);
  let frames = 0;
  const retry = () => {
    const drawn = document.getElementById(elementId);
    if (drawn) {
      drawn.scrollIntoView({ block: "nearest" });
      drawn.focus({ preventScroll: true });
    } else if (++frames < DRAW_FRAMES) requestAnimationFrame(retry);
  };
  requestAnimationFrame(retry);
}

/** The short id of a tool call, in the colour its tool_use and tool_result share. */
export function IdChip({ id }: { id: string }) {
  return (
    <code className={`id-chip pair-hue-${pairHue(id)}`} title={id} data-testid="id-chip">
      {shortId(id)}
    </code>
  );
}

interface PairLinkProps {
  id: string;
  label: string;
  /** DOM id of the paired block; `null` while it does not exist (a result not yet arrived). */
  targetElementId: string | null;
  /** The paired block's message number, to bring it into view in a long (virtualized) transcript. */
  targetMessage?: number | null;
}

/** "result ↓ in message N" / "for tool_use X in message M": moves focus to the other block of the pair. */
export function PairLink({ id, label, targetElementId, targetMessage = null }: PairLinkProps) {
  const t = useTranslations("Transcript");
  const scrollTo = useContext(ScrollToMessageContext);
  if (!targetElementId) {
    return (
      <span className="pair-link pending" data-testid="pair-link">
        <IdChip id={id} /> {label}
      </span>
    );
  }
  return (
    <button
      type="button"
      className="pair-link"
      data-testid="pair-link"
      title={t("jumpHint")}
      onClick={() => focusPaired(targetElementId, targetMessage, scrollTo)}
    >
      <IdChip id={id} /> {label}
    </button>
  );
}
