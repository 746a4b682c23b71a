import { sendJson } from '@client/lib/api-client';
import type { SubmissionInput, SubmissionResult } from '@shared/schemas/discovery';

/** Suggests a tool: the discovery pipeline fetches it and files it as pending for a curator. */
export function submitTool(input: SubmissionInput): Promise<SubmissionResult> {
  return sendJson('POST', '/api/discover-app', input);
}
