// @ts-check
// Signing in (the password alone) and signing up (by invitation: a registration code). Both
// answer a session; neither sends a token.
import { api } from '../../lib/api';

/** @typedef {import('../../lib/api-types').components['schemas']} Schemas */

/**
 * @param {string} password
 * @returns {Promise<Schemas['Session']>}
 */
export const signInWithPassword = (password) => api.post('/auth/login', { password }, { auth: false });

/**
 * @param {Schemas['RegisterRequest']} account
 * @returns {Promise<Schemas['Session']>}
 */
export const register = (account) => api.post('/auth/register', account, { auth: false });

/**
 * Always answers the same (202), whether or not the email has an account.
 * @param {string} email
 * @returns {Promise<Schemas['Message']>}
 */
export const requestPasswordReset = (email) => api.post('/auth/password-reset', { email }, { auth: false });

/**
 * @param {Schemas['PasswordResetConfirmRequest']} reset
 * @returns {Promise<Schemas['Session']>}
 */
export const confirmPasswordReset = (reset) => api.post('/auth/password-reset/confirm', reset, { auth: false });
