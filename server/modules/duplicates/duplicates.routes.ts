import { idParamSchema } from '@shared/schemas/app';
import { dismissDuplicateSchema, mergeSchema } from '@shared/schemas/duplicate';
import type { ModulePlugin } from '../../http/module-plugin';
import { DuplicatesService, SCAN_BATCH } from './duplicates.service';

/** Admin duplicate calls (inside `/api/admin`): the advisory flags, "Not a duplicate" and the merge. */
export const duplicatesAdminRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = new DuplicatesService(ctx);

  // A read of the stored flags, after at most one batch of pending apps (the background scan does the
  // rest): never a comparison of the whole catalogue. The curator waits for the whole batch (no time
  // budget), so what was just added is listed; requests still run between its apps.
  app.get('/duplicates', async () => {
    await service.scanPendingBatch(SCAN_BATCH, Number.POSITIVE_INFINITY);
    return service.candidates();
  });

  app.post('/duplicates/dismiss', { schema: { body: dismissDuplicateSchema } }, async (request) =>
    service.dismiss(request.body.appId, request.body.duplicateOf),
  );

  app.post('/apps/:id/merge', { schema: { params: idParamSchema, body: mergeSchema } }, async (request) =>
    service.merge(request.params.id, request.body.into),
  );
};
