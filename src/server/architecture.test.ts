import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// DESIGN.md: "repositories own the SQL", "every change to a balance goes through server/ledger", and
// one `awardChallenge` owns the ledger kind and key of a challenge award. These read the sources, so a
// query written into a service or route, or a second way of paying a challenge, fails here first.

const SERVER = fileURLToPath(new URL('.', import.meta.url));
const ROOT = join(SERVER, '..', '..');

/**
 * Database tooling, not the request path: the connection and the `node:sqlite` adapter, migrations (DDL,
 * frozen once landed), `db:reset` (drops the schema) and the test databases (create and drop schemas).
 */
const TOOLING = ['src/server/db/', 'src/server/testing/'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Request-path files: tests set up and inspect the database directly, which is what they are for. */
const files = sources(SERVER)
  .map((path) => ({ path: relative(ROOT, path).replaceAll('\\', '/'), text: readFileSync(path, 'utf8') }))
  .filter((f) => !/\.test\.tsx?$/.test(f.path));

const QUERY_BUILDING = /\.(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)\s*\(/;
/** The `sql` tag (sql`…`, sql<T>`…`) and its helpers (sql.raw, sql.ref, sql.id, …). */
const SQL_TEMPLATE = /\bsql\s*(<[^`;]*>)?\s*`|\bsql\.(raw|ref|id|lit|val|join|table)\s*\(/;
/** Kysely's values (sql, adapters, CompiledQuery…); `import type` of its types is fine anywhere. */
const KYSELY_VALUE_IMPORT = /^import\s+(?!type\b)[^;]*from\s+'kysely'/m;

function offenders(test: (f: { path: string; text: string }) => boolean): string[] {
  return files.filter(test).map((f) => f.path).sort();
}

describe('where the SQL lives', () => {
  it('reads the server sources (the scan is not vacuous)', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files.some((f) => f.path.endsWith('.repository.ts') && QUERY_BUILDING.test(f.text))).toBe(true);
  });

  it('builds queries and writes SQL only in *.repository.ts (and the database tooling)', () => {
    const inScope = files.filter((f) => !f.path.endsWith('.repository.ts') && !TOOLING.some((t) => f.path.startsWith(t)));
    const found = inScope.flatMap((f) => [
      QUERY_BUILDING.test(f.text) ? [`${f.path}: builds a query`] : [],
      SQL_TEMPLATE.test(f.text) ? [`${f.path}: writes sql\`…\``] : [],
      KYSELY_VALUE_IMPORT.test(f.text) ? [`${f.path}: imports a value from kysely`] : [],
    ].flat());
    expect(found).toEqual([]);
  });

  it('names the ledger_entries table only in the ledger and its migration', () => {
    const outside = offenders((f) => /\bledger_entries\b/.test(f.text)
      && !f.path.startsWith('src/server/ledger/') && !f.path.startsWith('src/server/db/migrations/'));
    expect(outside).toEqual([]);
  });
});

describe('challenge awards', () => {
  it('pay only through awardChallenge (challenge.award.ts owns the ledger kind and key)', () => {
    const challengeFiles = files.filter((f) => f.path.startsWith('src/server/challenges/'));
    // A value import: `import type` of the ledger's result type pays nothing.
    const ledgerWriter = /^import\s+(?!type\b)[^;]*from '\.\.\/ledger\/ledger(\.write)?\.ts'/m;
    const ledgerUsers = challengeFiles.filter((f) => ledgerWriter.test(f.text)).map((f) => f.path);
    expect(ledgerUsers).toEqual(['src/server/challenges/challenge.award.ts']);
    // A key built (`challenge:${id}` or 'challenge:' + id), not one named in a description.
    const keyWriters = offenders((f) => /`challenge:\$\{|['"]challenge:['"]\s*\+/.test(f.text));
    expect(keyWriters).toEqual(['src/server/challenges/challenge.award.ts']);
  });
});
