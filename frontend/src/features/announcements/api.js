// @ts-check
// The back office's news: GET /api/announcements?afterOrder&afterRide answers the newest order
// and ride ids and what came after the ids sent. It is polled with the ETag of the copy held
// (If-None-Match), so a poll while nothing changed costs the server a 304.
import { queryOptions } from '@tanstack/react-query';
import { apiFetchIfChanged, queryString } from '../../lib/api';
import { announcementKeys } from '../../lib/queryKeys';

/**
 * @typedef {object} Announcements
 * @property {number | null} latestOrderId
 * @property {number | null} latestRideId
 * @property {{id: number, customerName: string, deliveryOption: string, total: string, createdAt: string}[]} orders
 * @property {{id: number, name: string, createdAt: string}[]} rides
 * @property {string | null} etag
 */
/** @typedef {{afterOrder: number, afterRide: number}} After */

// Every 3 s while the tab shows (news within 5 s); slower while hidden, but still polled so the
// title counts and the sound plays for a tab in the background.
export const POLL_MS = 3000;
export const HIDDEN_POLL_MS = 10000;

/**
 * @param {import('@tanstack/react-query').QueryClient} queryClient
 * @param {After | null} after
 * @param {AbortSignal} [signal]
 * @returns {Promise<Announcements>}
 */
export async function fetchAnnouncements(queryClient, after, signal) {
  const path = `/announcements${queryString(after ?? undefined)}`;
  const held = /** @type {Announcements | undefined} */ (queryClient.getQueryData(announcementKeys.since(after)));
  const answer = await apiFetchIfChanged(path, held?.etag, { signal });
  if (!answer.notModified) return { ...answer.data, etag: answer.etag };
  // A 304 for a copy this tab no longer holds: ask once more without the ETag.
  if (held) return held;
  const fresh = await apiFetchIfChanged(path, null, { signal });
  return { ...fresh.data, etag: fresh.etag };
}

/**
 * @param {import('@tanstack/react-query').QueryClient} queryClient
 * @param {After | null} after
 * @param {number} [pollMs]
 */
export const announcementsQuery = (queryClient, after, pollMs = POLL_MS) =>
  queryOptions({
    queryKey: announcementKeys.since(after),
    queryFn: ({ signal }) => fetchAnnouncements(queryClient, after, signal),
    // The poll is its own retry: a dropped connection or a restarting server is asked again at
    // the next tick, and the news resumes by itself.
    refetchInterval: () => (typeof document !== 'undefined' && document.hidden ? Math.max(pollMs, HIDDEN_POLL_MS) : pollMs),
    refetchIntervalInBackground: true,
    // Back on the tab: asked at once, and the faster pace resumes from that answer.
    refetchOnWindowFocus: true,
    retry: false,
    staleTime: 0,
  });
