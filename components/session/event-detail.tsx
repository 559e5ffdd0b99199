import { useTranslations } from "next-intl";
import type { TraceEvent } from "@/lib/trace/events";

/** Beyond this many characters an event's JSON is cut (a request body can be large). */
const MAX_CHARS = 20_000;

/** The event at the cursor, whole: its kind, seq, time and JSON. */
export function EventDetail({ event }: { event: TraceEvent | undefined }) {
  const t = useTranslations("Debugger.detail");
  if (!event) return <p className="empty">{t("noEvent")}</p>;
  const json = JSON.stringify(event, null, 2);
  const cut = json.length > MAX_CHARS;
  return (
    <div className="event-detail" data-testid="event-detail" data-seq={event.seq} data-kind={event.kind}>
      <p>
        <code>{event.kind}</code>{" "}
        <span className="muted">
          {t("eventAt", { seq: event.seq, at: new Date(event.at).toISOString() })}
        </span>
      </p>
      <pre className="scrub-json">{cut ? `${json.slice(0, MAX_CHARS)}\n…` : json}</pre>
      {cut ? <p className="muted">{t("cut", { chars: json.length })}</p> : null}
    </div>
  );
}
