import { useTranslations } from "next-intl";
import type { StreamRow } from "@/lib/trace/stream-view";

interface StreamFilterProps {
  types: readonly string[];
  rows: readonly StreamRow[];
  hidden: ReadonlySet<string>;
  onToggle: (type: string) => void;
}

/** One checkbox chip per event type, with how many rows of that type there are so far. */
export function StreamFilter({ types, rows, hidden, onToggle }: StreamFilterProps) {
  const t = useTranslations("Stream");
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.type, (counts.get(row.type) ?? 0) + 1);
  return (
    <fieldset className="stream-filter" data-testid="stream-filter">
      <legend className="visually-hidden">{t("filter")}</legend>
      {types.map((type) => (
        <label key={type} className="chip" data-type={type}>
          <input
            type="checkbox"
            checked={!hidden.has(type)}
            data-testid={`stream-filter-${type}`}
            onChange={() => onToggle(type)}
          />
          <span>{type}</span>
          <span className="chip-count">{counts.get(type) ?? 0}</span>
        </label>
      ))}
    </fieldset>
  );
}
