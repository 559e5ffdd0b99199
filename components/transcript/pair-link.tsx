import { useTranslations } from "next-intl";
import { pairHue, shortId } from "./pairing";

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
}

/** "result ↓ in message N" / "for tool_use X in message M": moves focus to the other block of the pair. */
export function PairLink({ id, label, targetElementId }: PairLinkProps) {
  const t = useTranslations("Transcript");
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
      onClick={() => {
        const target = document.getElementById(targetElementId);
        target?.scrollIntoView({ block: "nearest", behavior: "smooth" });
        target?.focus({ preventScroll: true });
      }}
    >
      <IdChip id={id} /> {label}
    </button>
  );
}
