import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The layers of docs/architecture.md: a route is thin, a service holds the rules, a repository the queries.
const modules = join(import.meta.dirname, '../src/modules');
const files = (readdirSync(modules, { recursive: true }) as string[])
  .map((f) => f.split('\\').join('/'))
  .filter((f) => /\.(service|routes)\.ts$/.test(f));

describe('the layers', () => {
  it('finds the services and routes it checks', () => {
    expect(files.filter((f) => f.endsWith('.service.ts')).length).toBeGreaterThan(20);
    expect(files.filter((f) => f.endsWith('.routes.ts')).length).toBeGreaterThan(20);
  });

  it('no service or route writes SQL: the queries are in the repositories', () => {
    const writing = files.filter((f) =>
      /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql[`<]|from 'kysely'/.test(
        readFileSync(join(modules, f), 'utf8'),
      ),
    );
    expect(writing).toEqual([]);
  });
});
