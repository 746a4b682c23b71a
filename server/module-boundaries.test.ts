import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { fileCycles, foreignRepositoryImports, moduleCycles, readServerImportGraph } from './test/import-graph';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

/** The boundary messages ESLint reports for one import placed in a file at `filePath`. */
async function boundaryErrors(filePath: string, importLine: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${importLine}\n\nexport const used = value;\n`, {
    filePath: path.join(root, filePath),
  });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

// Decision 0023: a module is used by others through its services, presenters and types, never its repository,
// and no two modules or files import each other, directly or round a circle.
describe('server module walls (the import graph of server/ as it is)', () => {
  const graph = readServerImportGraph();

  it('reads the graph (a broken reader would pass everything below)', () => {
    expect(graph.files.length).toBeGreaterThan(150);
    expect(graph.edges).toContainEqual({
      from: 'server/modules/apps/apps.service.ts',
      to: 'server/modules/apps/apps.repository.ts',
    });
  });

  it('has no file cycles, type-only imports included', () => {
    expect(fileCycles(graph).map((cycle) => cycle.join(' ⇄ '))).toEqual([]);
  });

  it('has no cycles between modules', () => {
    expect(moduleCycles(graph).map((cycle) => cycle.join(' ⇄ '))).toEqual([]);
  });

  it("imports no module's repository from outside the module", () => {
    expect(foreignRepositoryImports(graph).map(({ from, to }) => `${from} → ${to}`)).toEqual([]);
  });
});

describe('server import boundaries (eslint.config.js)', () => {
  it("refuses a module importing another module's repository, from any depth", async () => {
    expect(
      (await boundaryErrors('server/modules/feeds/probe.ts', "import { value } from '../apps/apps.repository';")).join('\n'),
    ).toContain('through its services');
    expect(
      await boundaryErrors(
        'server/modules/search/engine/probe.ts',
        "import { value } from '../../categories/categories.admin.repository';",
      ),
    ).toHaveLength(1);
  });

  it('refuses the rest of the server importing a repository (app, http, lib, cli)', async () => {
    expect(await boundaryErrors('server/http/probe.ts', "import { value } from '../modules/apps/apps.repository';")).toHaveLength(
      1,
    );
    expect(await boundaryErrors('server/cli/probe.ts', "import { value } from '../modules/auth/auth.repository';")).toHaveLength(
      1,
    );
  });

  it("allows a module its own repository and other modules' services, presenters and types", async () => {
    for (const [file, line] of [
      ['server/modules/apps/probe.ts', "import { value } from './apps.repository';"],
      ['server/modules/search/engine/probe.ts', "import { value } from '../search.repository';"],
      ['server/modules/feeds/probe.ts', "import { value } from '../apps/apps.records.service';"],
      ['server/modules/feeds/probe.ts', "import { value } from '../apps/apps.presenter';"],
      ['server/modules/feeds/probe.ts', "import { value } from '../../db/catalogue';"],
    ]) {
      expect(await boundaryErrors(file!, line!), `${file}: ${line}`).toEqual([]);
    }
  });

  it('leaves tests free to arrange state through any repository', async () => {
    expect(
      await boundaryErrors(
        'server/modules/settings/probe.db.test.ts',
        "import { value } from '../discovery/discovery.repository';",
      ),
    ).toEqual([]);
  });
});
