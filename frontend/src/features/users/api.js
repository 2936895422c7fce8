// @ts-check
// Accounts, admin side: the user list, the password change and the registration codes.
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
