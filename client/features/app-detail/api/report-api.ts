import { sendJson } from '@client/lib/api-client';
import type { ReportCreateInput } from '@shared/schemas/report';

/** Sends a visitor's problem report about an app (no account needed). */
export function reportApp(appId: number, input: ReportCreateInput): Promise<{ id: number; status: string }> {
  return sendJson('POST', `/api/apps/${appId}/report`, input);
}
