import { useTranslations } from "next-intl";
import type { ToolMeta } from "@/lib/trace/config";
import { explainMeta } from "./explain-meta";

const FLAGS: readonly (keyof ToolMeta)[] = [
  "readOnly",
  "destructive",
  "idempotent",
  "concurrencySafe",
  "needsApproval",
];

/**
 * A tool's annotations beside the metadata Toolscope derives from them, and why: each hint as the
 * server gave it or as the MCP default, then what the metadata does under the default policy.
 */
export function DerivedMeta({ annotations, meta }: { annotations?: unknown; meta: ToolMeta }) {
  const t = useTranslations("Mcp.meta");
  const explanation = explainMeta(annotations, meta);
  return (
    <div className="mcp-meta" data-testid="mcp-meta" data-unannotated={explanation.unannotated}>
      <table className="mcp-hints">
        <caption className="visually-hidden">{t("hintsCaption")}</caption>
        <tbody>
          {explanation.hints.map((reading) => (
            <tr key={reading.hint} data-hint={reading.hint} data-from={reading.from}>
              <th scope="row">
                <code>{reading.hint}</code>
              </th>
              <td>
                <code>{String(reading.value)}</code>
              </td>
              <td className="muted">{t(`from.${reading.from}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="meta-flags" data-testid="mcp-derived-flags">
        <span className="muted">{t("derived")}</span>{" "}
        {FLAGS.filter((flag) => meta[flag] === true).map((flag) => (
          <span key={flag} className="meta-flag" data-flag={flag}>
            {flag}
          </span>
        ))}
        {meta.timeoutMs !== undefined ? <span className="meta-flag">timeoutMs: {meta.timeoutMs}</span> : null}
      </p>
      <p className="mcp-why" data-testid="mcp-why">
        {explanation.unannotated ? <strong>{t("unannotated")} </strong> : null}
        {explanation.effects.map((effect) => t(`effect.${effect}`)).join(" ")}
      </p>
    </div>
  );
}
