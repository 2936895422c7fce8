// Accounts, admin side (api.md "Accounts").
import { api } from '../../../lib/api';

export const MIN_PASSWORD_LENGTH = 6;
export const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters long';

export const fetchUsers = () => api.get('/auth/users');
export const changePassword = (userId, newPassword) => api.put(`/auth/users/${userId}/password`, { newPassword });
