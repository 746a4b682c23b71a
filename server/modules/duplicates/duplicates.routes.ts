import { idParamSchema } from '../../../shared/schemas/app';
import { mergeSchema } from '../../../shared/schemas/duplicate';
import type { ModulePlugin } from '../../http/module-plugin';
import { parseInput } from '../../lib/validate';
import { DuplicatesService } from './duplicates.service';

/** Admin duplicate calls (inside `/api/admin`): the advisory flags and the merge. */
export const duplicatesAdminRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = new DuplicatesService(ctx);

  app.get('/duplicates', async () => service.candidates());

  app.post('/apps/:id/merge', async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 'app id');
    const { into } = parseInput(mergeSchema, request.body ?? {}, 'merge');
    return service.merge(id, into);
  });
};
