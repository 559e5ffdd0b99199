import { useState, type ReactNode } from "react";

interface ForkSectionProps {
  title: string;
  /** A short state after the title: "2 edited", "edited". */
  badge?: string;
  testId: string;
  children: ReactNode;
}

/**
 * One folded part of the fork dialog (tools, policy, messages). Its fields are rendered only
 * while it is open, so a long transcript costs nothing until someone looks at it; what was
 * edited lives in the dialog's state and survives folding.
 */
export function ForkSection({ title, badge, testId, children }: ForkSectionProps) {
  const [open, setOpen] = useState(false);
  return (
    <details
      className="fork-section"
      data-testid={testId}
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary data-testid={`${testId}-toggle`}>
        {title}
        {badge ? <span className="fork-badge">{badge}</span> : null}
      </summary>
      {open ? <div className="fork-section-body">{children}</div> : null}
    </details>
  );
}
