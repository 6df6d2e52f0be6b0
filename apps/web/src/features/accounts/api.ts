import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { useWrite } from '../../lib/useWrite';
import type { ColumnPrefs } from '../../components/ResponsiveTable';
import { accountPrefsApi, accountsApi, type AccountPrefData, type AccountListQuery, type AccountNamespace, type AccountSaveBody, type RoleListQuery, type RoleSaveBody } from '@gemqc/contract';
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

// ---- the signed-in account's own preferences (accountPrefsApi) ----

/** Query key of one preference of one signed-in user (`scope`: the shell's user, e.g. trader:12). */
const prefKey = (scope: string, key: string) => ['accountPrefs', scope, key] as const;

/**
 * 列设置 kept with the account on the server, for the tables' scope (ResponsiveTable's ColumnPrefs):
 * a list's stored choice is read once per sign-in and kept (changes go through here too); saves of a
 * list are sent one after the other, so the last choice is the one stored. Both run in the
 * background (`silent`): when the server is unreachable the browser's own copy keeps working.
 * Undefined until someone is signed in (`scope` empty).
 */
export function useColumnPrefs(scope: string): ColumnPrefs | undefined {
  const qc = useQueryClient();
  const { mutateAsync } = useWrite({
    mutationFn: (body: { key: string; value: string[] }) => callApi(accountPrefsApi.save, { body, silent: true }),
  });
  const queue = useRef(new Map<string, Promise<unknown>>());
  return useMemo(() => {
    if (!scope) return undefined;
    return {
      load: async (list) => {
        const key = `columns:${list}`;
        const d = await qc.fetchQuery({
          queryKey: prefKey(scope, key),
          queryFn: ({ signal }) => callApi(accountPrefsApi.get, { query: { key }, signal, silent: true }),
          staleTime: Infinity,
        });
        return Array.isArray(d.value) ? d.value.filter((x): x is string => typeof x === 'string') : null;
      },
      save: (list, hidden) => {
        const key = `columns:${list}`;
        // what a table mounted next reads at once, before the write is answered
        qc.setQueryData<AccountPrefData>(prefKey(scope, key), (old) => ({ key, value: hidden, updated_at: old?.updated_at ?? null }));
        const next = (queue.current.get(key) ?? Promise.resolve())
          .then(() => mutateAsync({ key, value: hidden }))
          .catch(() => undefined);
        queue.current.set(key, next);
      },
    };
  }, [scope, qc, mutateAsync]);
}
