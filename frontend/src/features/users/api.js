// @ts-check
// Accounts, admin side: the user list and the password change.
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api';
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
