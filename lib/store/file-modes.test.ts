/**
 * The data dir and the database hold every prompt and result: only their owner may read them.
 * A dir the store creates is 0700; the database file and its WAL and SHM files are 0600, and a
 * file an older version left readable by others is tightened when it is opened again.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DATABASE_FILE_NAME, openDatabase } from "./db";

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

function freshRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-modes-"));
  roots.push(root);
  return root;
}

describe("the data dir and the database file", () => {
  it("are created 0700 and 0600, WAL and SHM included", () => {
    const dataDir = path.join(freshRoot(), "nested", "data");
    const db = openDatabase(dataDir);
    db.prepare("INSERT INTO sessions (id, title, created_at, provider) VALUES ('s', 't', 1, '{}')").run();
    const file = path.join(dataDir, DATABASE_FILE_NAME);
    expect({
      dir: modeOf(dataDir),
      db: modeOf(file),
      wal: modeOf(`${file}-wal`),
      shm: modeOf(`${file}-shm`),
    }).toEqual({ dir: 0o700, db: 0o600, wal: 0o600, shm: 0o600 });
    db.close();
  });

  it("are tightened to 0600 when an older version left them world-readable", () => {
    const dataDir = freshRoot();
    openDatabase(dataDir).close();
    const file = path.join(dataDir, DATABASE_FILE_NAME);
    fs.chmodSync(file, 0o644);
    const db = openDatabase(dataDir);
    expect(modeOf(file)).toBe(0o600);
    expect(modeOf(`${file}-wal`)).toBe(0o600);
    db.close();
  });
});
