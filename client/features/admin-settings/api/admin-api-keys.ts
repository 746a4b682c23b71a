import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, CreatedApiKey } from '@shared/schemas/api-keys';
import { getJson, sendJson } from '@client/lib/api-client';
import { adminQueryKeys } from '@client/lib/admin-query-keys';

const [API_KEYS_URL] = adminQueryKeys.apiKeys;

/** Every key of the public API, newest first, revoked ones included. */
export function useApiKeys() {
  return useQuery({ queryKey: adminQueryKeys.apiKeys, queryFn: () => getJson<ApiKey[]>(API_KEYS_URL) });
}

/** `POST /api/admin/api-keys {name}` → the key and its secret (shown once). */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => sendJson<CreatedApiKey>('POST', API_KEYS_URL, { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.apiKeys }),
  });
}

/** `DELETE /api/admin/api-keys/{id}`: revokes the key at once. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => sendJson<ApiKey>('DELETE', `${API_KEYS_URL}/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.apiKeys }),
  });
}
