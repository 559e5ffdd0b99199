/** The pieces the non-Anthropic format views share. */

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
