/** The pieces the non-Anthropic format views share. */
import type { ReactNode } from "react";

/** Message content as text: a string as it is, a list of parts as JSON. */
export function formatContent(content: unknown): string {
  if (content === undefined || content === null) return "";
  return typeof content === "string" ? content : JSON.stringify(content, null, 2);
}

/** One labelled field, named as on the wire. */
export function FormatField({ name, value, testId }: { name: string; value: string; testId?: string }) {
  return (
    <div className="block-field">
      <dt>{name}</dt>
      <dd>
        <pre className="block-json" data-testid={testId}>
          {value}
        </pre>
      </dd>
    </div>
  );
}

/** A message of a format body: its role as a chip, then what the format shows of it. */
export function FormatMessage({ role, children }: { role: string; children: ReactNode }) {
  return (
    <article className={`message format-message role-${role}`} data-testid="format-message" data-role={role}>
      <header className="message-header">
        <span className={`role-chip role-${role}`}>{role}</span>
      </header>
      {children}
    </article>
  );
}
