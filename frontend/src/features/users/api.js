// @ts-check
// Accounts, admin side: the user list, new staff accounts, a role or an account's access, the
// password change and the registration codes.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiFetch } from '../../lib/api';
import { pageQuery, pagedQueryOptions } from '../../lib/pages';
import { userKeys } from '../../lib/queryKeys';
import { withChallenge } from '../../lib/challenge';

/** @typedef {import('../../lib/api-types').components['schemas']} Schemas */

// A table row is short: a page fills a screen (the server's default too).
export const USERS_PAGE_SIZE = 50;

/**
 * @param {{page: number | string, search: string, signal?: AbortSignal}} query
 *   page: a number, or the previous page's `pagination.nextCursor`
 * @returns {Promise<Schemas['UserPage']>}
 */
export function fetchUsersPage({ page, search, signal }) {
  return api.get('/auth/users', { ...pageQuery(page), limit: USERS_PAGE_SIZE, ...(search ? { search } : {}) }, { signal });
}

// The people newest first, a page at a time; `search`: in names and emails, on the server. While
// a new search loads, the table keeps the rows it shows instead of blinking to a spinner.
export const usersQuery = (search = '') => ({
  ...pagedQueryOptions({
    queryKey: userKeys.list(search),
    fetchPage: (/** @type {number | string} */ page, /** @type {AbortSignal} */ signal) => fetchUsersPage({ page, search, signal }),
    itemsKey: 'users',
    pageSize: USERS_PAGE_SIZE,
  }),
  placeholderData: keepPreviousData,
});

// mutate({ userId, newPassword }); nothing listed changes, so nothing is refetched.
export const useChangePassword = () =>
  useMutation({
    /** @type {(change: {userId: number, newPassword: string}) => Promise<Schemas['PasswordChanged']>} */
    // Asked for a solved challenge under a flood of wrong sign-ins (lib/challenge.js).
    mutationFn: ({ userId, newPassword }) => withChallenge((extra) => api.put(`/auth/users/${userId}/password`, { newPassword, ...extra })),
  });

// mutate({email, name, password, role}) -> POST /api/auth/users: the new account joins the list.
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    /** @type {(account: {email: string, name: string, password: string, role: string}) => Promise<unknown>} */
    mutationFn: (account) => api.post('/auth/users', account),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

// mutate({userId, role?, active?}) -> PATCH /api/auth/users/{id}. Disabling ends the account's
// sessions at once; the server keeps the last admin and refuses raising one's own role (400).
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    /** @type {(change: {userId: number, role?: string, active?: boolean}) => Promise<unknown>} */
    mutationFn: ({ userId, ...change }) => apiFetch(`/auth/users/${userId}`, { method: 'PATCH', body: change }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export const codeKeys = { all: ['registration-codes'] };

export const registrationCodesQuery = () =>
  queryOptions({
    queryKey: codeKeys.all,
    /** @returns {Promise<Schemas['RegistrationCode'][]>} */
    queryFn: ({ signal }) => api.get('/auth/registration-codes', undefined, { signal }),
  });

// mutate({ note, maxUses, expiresAt }): the server picks the code; the list is read again.
export const useCreateCode = () => {
  const queryClient = useQueryClient();
  return useMutation({
    /** @type {(code: Schemas['RegistrationCodeRequest']) => Promise<Schemas['RegistrationCode']>} */
    mutationFn: (code) => api.post('/auth/registration-codes', code),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codeKeys.all }),
  });
};

// mutate({ codeId, changes }), e.g. { isActive: false } to disable a code.
export const useUpdateCode = () => {
  const queryClient = useQueryClient();
  return useMutation({
    /** @type {(change: {codeId: number, changes: Schemas['PatchedRegistrationCodeRequest']}) => Promise<Schemas['RegistrationCode']>} */
    mutationFn: ({ codeId, changes }) => apiFetch(`/auth/registration-codes/${codeId}`, { method: 'PATCH', body: changes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codeKeys.all }),
  });
};
