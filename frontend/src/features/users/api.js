// Accounts, admin side: the user list and the password change.
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { userKeys } from '../../lib/queryKeys';

export const usersQuery = () =>
  queryOptions({ queryKey: userKeys.all, queryFn: ({ signal }) => api.get('/auth/users', undefined, { signal }) });

// mutate({ userId, newPassword }); nothing listed changes, so nothing is refetched.
export const useChangePassword = () =>
  useMutation({ mutationFn: ({ userId, newPassword }) => api.put(`/auth/users/${userId}/password`, { newPassword }) });
