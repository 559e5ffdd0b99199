import { useTranslations } from "next-intl";
import "./lessons.css";

/**
 * A lesson's concepts as chips: the plain name in the UI language, the concept's id on hover (and
 * for tests). An id the catalog does not know yet is shown as it is.
 */
export function ConceptChips({ concepts, label }: { concepts: readonly string[]; label: string }) {
  const t = useTranslations("Concepts");
  return (
    <ul className="concept-chips" aria-label={label}>
      {concepts.map((concept) => (
        <li key={concept} className="concept-chip" title={concept} data-concept={concept}>
          {t.has(concept as never) ? t(concept as never) : concept}
        </li>
      ))}
    </ul>
  );
}
