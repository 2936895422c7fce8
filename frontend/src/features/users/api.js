// Accounts, admin side: the user list and the password change.
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { userKeys } from '../../lib/queryKeys';

export const MIN_PASSWORD_LENGTH = 6;
export const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters long';

export const usersQuery = () =>
  queryOptions({ queryKey: userKeys.all, queryFn: ({ signal }) => api.get('/auth/users', undefined, { signal }) });

// mutate({ userId, newPassword }); nothing listed changes, so nothing is refetched.
export const useChangePassword = () =>
  useMutation({ mutationFn: ({ userId, newPassword }) => api.put(`/auth/users/${userId}/password`, { newPassword }) });
