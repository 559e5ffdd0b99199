import { useRouter } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { InlineError } from "@/components/common/query-states";
import { ApiError } from "@/components/data/api";
import { useImport } from "./use-import";

interface ChosenFile {
  name: string;
  size: number;
  text: string;
}

/**
 * The Import button and its modal dialog: pasted text or a file (read in the browser and sent as
 * text), a progress state, then the detected format and the notes with a button that opens the
 * new session — or the server's error, with the input kept for another try.
 */
export function ImportDialog() {
  const t = useTranslations("Import");
  const format = useFormatter();
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const importer = useImport();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { text: useId(), file: useId(), title: useId() };

  useEffect(() => {
    const element = dialog.current;
    if (open && element && !element.open) element.showModal();
    if (!open && element?.open) element.close();
  }, [open]);

  function close() {
    setOpen(false);
    if (importer.isSuccess) {
      // A finished import starts the next one afresh; a failed one keeps its input.
      importer.reset();
      setText("");
      clearFile();
    }
  }

  function clearFile() {
    setFile(null);
    if (fileInput.current) fileInput.current.value = "";
  }

  async function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    setProblem(null);
    importer.reset();
    if (!chosen) return setFile(null);
    try {
      setFile({ name: chosen.name, size: chosen.size, text: await chosen.text() });
    } catch (error) {
      setProblem(t("readFailed", { message: error instanceof Error ? error.message : String(error) }));
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = file?.text ?? text;
    if (input.trim() === "") return setProblem(t("empty"));
    setProblem(null);
    importer.mutate(input);
  }

  const result = importer.data;
  return (
    <>
      <button type="button" data-testid="import-open" onClick={() => setOpen(true)}>
        {t("button")}
      </button>
      <dialog
        ref={dialog}
        className="import-dialog"
        aria-labelledby={ids.title}
        onClose={close}
        data-testid="import-dialog"
      >
        <h2 id={ids.title}>{t("title")}</h2>
        {result ? (
          <div className="import-result" data-testid="import-result">
            <p role="status">
              {t("done", { format: result.detected.format, provider: result.detected.provider })}
            </p>
            {result.notes.length > 0 ? (
              <>
                <p>{t("notesHeading")}</p>
                <ul data-testid="import-notes">
                  {result.notes.map((note, index) => (
                    <li key={index}>{note}</li>
                  ))}
                </ul>
              </>
            ) : (
              <p className="muted">{t("noNotes")}</p>
            )}
            <div className="import-actions">
              <button
                type="button"
                className="primary"
                autoFocus
                data-testid="import-open-session"
                onClick={() => router.push(`/sessions/${encodeURIComponent(result.id)}`)}
              >
                {t("open")}
              </button>
              <button type="button" onClick={close}>
                {t("close")}
              </button>
            </div>
          </div>
        ) : (
          <form onSubmit={submit} aria-busy={importer.isPending}>
            <p className="muted">{t("intro")}</p>
            <label htmlFor={ids.text}>{t("textLabel")}</label>
            <textarea
              id={ids.text}
              rows={10}
              value={text}
              spellCheck={false}
              disabled={file !== null || importer.isPending}
              data-testid="import-text"
              onChange={(event) => setText(event.target.value)}
            />
            <label htmlFor={ids.file}>{t("fileLabel")}</label>
            <input
              id={ids.file}
              ref={fileInput}
              type="file"
              disabled={importer.isPending}
              data-testid="import-file"
              onChange={(event) => void chooseFile(event)}
            />
            {file ? (
              <p className="import-file-chosen">
                {t("fileChosen", {
                  name: file.name,
                  size: format.number(file.size / 1024, { maximumFractionDigits: 1 }),
                })}{" "}
                <button type="button" onClick={clearFile} disabled={importer.isPending}>
                  {t("clearFile")}
                </button>
              </p>
            ) : null}
            {problem ? (
              <p className="inline-error" role="alert">
                {problem}
              </p>
            ) : null}
            {importer.error ? <p className="import-failed">{t("failed")}</p> : null}
            <InlineError error={importer.error} />
            {importer.error instanceof ApiError && importer.error.path ? (
              <p className="import-error-path" data-testid="import-error-path">
                {t("errorPath", { path: importer.error.path })}
              </p>
            ) : null}
            <div className="import-actions">
              <button
                type="submit"
                className="primary"
                data-testid="import-submit"
                disabled={importer.isPending}
              >
                {importer.isPending ? t("importing") : t("submit")}
              </button>
              <button type="button" onClick={close}>
                {t("cancel")}
              </button>
            </div>
          </form>
        )}
      </dialog>
    </>
  );
}
