// @ts-check
// Accounts, admin side: the user list, new staff accounts, a role or an account's access, the
// password change and the registration codes.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiFetch } from '../../lib/api';
import { userKeys } from '../../lib/queryKeys';
import { withChallenge } from '../../lib/challenge';

/** @typedef {import('../../lib/api-types').components['schemas']} Schemas */

export const usersQuery = () =>
  queryOptions({
    queryKey: userKeys.all,
    /** @returns {Promise<Schemas['UserListEntry'][]>} */
    queryFn: ({ signal }) => api.get('/auth/users', undefined, { signal }),
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
