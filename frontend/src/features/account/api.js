// @ts-check
// The customer's own account: their details (which prefill checkout), their password, a copy
// of their data and closing the account. The details live in the session's "me" query
// (lib/session.jsx), which checkout reads as well.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiFetch } from '../../lib/api';
import { withChallenge } from '../../lib/challenge';
import { meKey, meQuery, useSession } from '../../lib/session';

/** @typedef {import('../../lib/api-types').components['schemas']} Schemas */

export function useMyDetails() {
  const { user } = useSession();
  return useQuery(meQuery(user?.id));
}

// mutate({name?, phone?, deliveryAddress?, deliveryZip?}): the answer is the saved details.
export function useSaveDetails() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    /** @type {(changes: Schemas['PatchedProfileRequest']) => Promise<Schemas['Me']>} */
    mutationFn: (changes) => apiFetch('/auth/me', { method: 'PATCH', body: changes }),
    onSuccess: (saved) => queryClient.setQueryData(meKey(user?.id), saved),
  });
}

// mutate({currentPassword, newPassword}): every other session is signed out; this one carries
// on with the fresh token of the answer.
export function useChangeMyPassword() {
  const { signIn } = useSession();
  return useMutation({
    /** @type {(change: Schemas['OwnPasswordChangeRequest']) => Promise<Schemas['Session']>} */
    // Asked for a solved challenge under a flood of wrong sign-ins (lib/challenge.js).
    mutationFn: (change) => withChallenge((extra) => api.put('/auth/me/password', { ...change, ...extra })),
    onSuccess: (answer) => signIn(answer.token, answer.user),
  });
}

// mutate({password}): the account is erased; the caller signs out.
export const useCloseAccount = () =>
  useMutation({
    /** @type {(confirm: {password: string}) => Promise<unknown>} */
    mutationFn: (confirm) => api.del('/auth/me', confirm),
  });

export const EXPORT_FILENAME = 'my-shop-data.json';

// The export needs the token, so a plain link cannot fetch it: fetched through the api client
// and handed to the browser as a Blob to save.
/** @returns {Promise<string>} the file name the browser saves under */
export async function downloadMyData() {
  const { blob, filename } = await api.getFile('/auth/me/export');
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename || EXPORT_FILENAME;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return link.download;
}
