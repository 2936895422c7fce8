// @ts-check
// Accounts, admin side: the user list and the password change.
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { userKeys } from '../../lib/queryKeys';

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
    mutationFn: ({ userId, newPassword }) => api.put(`/auth/users/${userId}/password`, { newPassword }),
  });
