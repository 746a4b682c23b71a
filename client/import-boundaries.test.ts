import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

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

describe('import boundaries (eslint.config.js)', () => {
  it('refuses a client feature importing another feature, by alias or by a relative path', async () => {
    const byAlias = await boundaryErrors(
      'client/features/admin-apps/components/probe.tsx',
      "import { value } from '@client/features/admin-blog/api/admin-blog-api';",
    );
    expect(byAlias.join('\n')).toContain('Features never import each other');
    const byPath = await boundaryErrors(
      'client/features/admin-apps/components/probe.tsx',
      "import { value } from '../../admin-blog/api/admin-blog-api';",
    );
    expect(byPath.join('\n')).toContain('may not leave its feature');
  });

  it('refuses a feature importing the admin shell, and components or lib importing a feature', async () => {
    expect(
      await boundaryErrors(
        'client/features/admin-apps/components/probe.tsx',
        "import { value } from '@client/app/admin/admin-view';",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors('client/lib/probe.ts', "import { value } from '@client/features/marketplace/hooks/use-categories';"),
    ).toHaveLength(1);
    expect(
      await boundaryErrors('client/components/ui/probe.tsx', "import { value } from '@client/app/admin/admin-view';"),
    ).toHaveLength(1);
  });

  it('refuses the client importing the server, and shared importing either', async () => {
    expect(
      (
        await boundaryErrors(
          'client/features/marketplace/components/probe.tsx',
          "import { value } from '../../../../server/lib/errors';",
        )
      ).join('\n'),
    ).toContain('client/ never imports server/');
    expect(
      (await boundaryErrors('client/lib/probe.ts', "import { value } from '../../server/lib/errors';")).join('\n'),
    ).toContain('client/ never imports server/');
    expect((await boundaryErrors('shared/probe.ts', "import { value } from '../client/lib/api-client';")).join('\n')).toContain(
      'shared/ imports neither',
    );
    expect((await boundaryErrors('shared/probe.ts', "import { value } from '../server/lib/errors';")).join('\n')).toContain(
      'shared/ imports neither',
    );
  });

  it('allows a feature its own files, the shared client pieces and shared/', async () => {
    const file = 'client/features/admin-apps/components/probe.tsx';
    for (const line of [
      "import { value } from '../api/admin-apps';",
      "import { value } from '@client/features/admin-apps/lib/app-status';",
      "import { value } from '@client/components/ui/load-error';",
      "import { value } from '@client/lib/api-client';",
      "import { value } from '@shared/constants';",
      "import { value } from '../../../../shared/constants';",
    ]) {
      expect(await boundaryErrors(file, line)).toEqual([]);
    }
    expect(
      await boundaryErrors(
        'client/app/admin/probe.tsx',
        "import { value } from '@client/features/admin-apps/components/all-apps-view';",
      ),
    ).toEqual([]);
  });
});
