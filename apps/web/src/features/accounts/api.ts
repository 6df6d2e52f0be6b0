import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWrite } from '../../lib/useWrite';
import { accountsApi, type AccountListQuery, type AccountNamespace, type AccountSaveBody, type RoleListQuery, type RoleSaveBody } from '@gemqc/contract';
import { callApi } from '../../lib/request';

export const accountKeys = {
  all: (ns: AccountNamespace) => ['accounts', ns] as const,
  list: (ns: AccountNamespace, q: AccountListQuery) => ['accounts', ns, 'list', q] as const,
  roles: (ns: AccountNamespace) => ['accounts', ns, 'roles'] as const,
  roleList: (ns: AccountNamespace, q: RoleListQuery) => ['accounts', ns, 'roles', 'list', q] as const,
  roleOptions: (ns: AccountNamespace) => ['accounts', ns, 'roles', 'options'] as const,
  permissions: (ns: AccountNamespace) => ['accounts', ns, 'permissions'] as const,
};

export function useAccountList(ns: AccountNamespace, query: AccountListQuery, enabled = true) {
  return useQuery({
    queryKey: accountKeys.list(ns, query),
    queryFn: ({ signal }) => callApi(accountsApi[ns].list, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

function useInvalidate(ns: AccountNamespace) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: accountKeys.all(ns) });
}

export function useSaveAccount(ns: AccountNamespace) {
  const invalidate = useInvalidate(ns);
  return useWrite({ mutationFn: (body: AccountSaveBody, { idempotencyKey }) => callApi(accountsApi[ns].save, { body, idempotencyKey }), onSuccess: invalidate });
}

export function useAccountStatus(ns: AccountNamespace) {
  const invalidate = useInvalidate(ns);
  return useWrite({ mutationFn: (body: { id: string; status: 0 | 1 }) => callApi(accountsApi[ns].status, { body }), onSuccess: invalidate });
}

export function useResetPassword(ns: AccountNamespace) {
  return useWrite({ mutationFn: (body: { id: string; password: string }) => callApi(accountsApi[ns].resetPassword, { body }) });
}

export function useDeleteAccount(ns: AccountNamespace) {
  const invalidate = useInvalidate(ns);
  return useWrite({ mutationFn: (id: string) => callApi(accountsApi[ns].delete, { body: { id } }), onSuccess: invalidate });
}

export function useRoleList(ns: AccountNamespace, query: RoleListQuery, enabled = true) {
  return useQuery({
    queryKey: accountKeys.roleList(ns, query),
    queryFn: ({ signal }) => callApi(accountsApi[ns].roleList, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Every role of the organisation (the account dialog's and the filter's options; at most 100). */
export function useRoleOptions(ns: AccountNamespace, enabled = true) {
  return useQuery({
    queryKey: accountKeys.roleOptions(ns),
    queryFn: ({ signal }) => callApi(accountsApi[ns].roleList, { query: { page: 1, page_size: 100 }, signal }),
    select: (d) => d.list.map((r) => ({ value: r.id, label: r.name })),
    enabled,
  });
}

export function useSaveRole(ns: AccountNamespace) {
  const invalidate = useInvalidate(ns);
  return useWrite({ mutationFn: (body: RoleSaveBody, { idempotencyKey }) => callApi(accountsApi[ns].roleSave, { body, idempotencyKey }), onSuccess: invalidate });
}

export function useDeleteRole(ns: AccountNamespace) {
  const invalidate = useInvalidate(ns);
  return useWrite({ mutationFn: (id: string) => callApi(accountsApi[ns].roleDelete, { body: { id } }), onSuccess: invalidate });
}

/** The portal's permission catalogue grouped by menu; fixed per server version. */
export function usePermissionGroups(ns: AccountNamespace, enabled = true) {
  return useQuery({
    queryKey: accountKeys.permissions(ns),
    queryFn: ({ signal }) => callApi(accountsApi[ns].rolePermissions, { signal }),
    staleTime: Infinity,
    enabled,
  });
}
