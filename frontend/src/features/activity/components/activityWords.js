// The words of an entry: who did it (or which door it came through), and what each field became.
import { formatChangeValue } from '../../../lib/format';
import { pickFilters, withFilters } from '../../../lib/urlFilters';

const SOURCE_WORDS = {
  api: 'in the back office',
  admin: 'in the Django admin',
  system: 'by the shop (automatic)',
};

// A person's own account (their profile, closing it) is changed from the shop, not the back office.
function ownText(entry) {
  return entry.person ? `${entry.person.name}, on their own account` : 'the customer, on their own account';
}

export function whoText(entry) {
  if (entry.own && entry.source === 'api') return ownText(entry);
  // A command is the system at work, not a person: its name says which.
  const door = entry.source === 'command' ? `by the system (manage.py ${entry.command || 'command'})` : SOURCE_WORDS[entry.source] || '';
  if (!entry.person) return door;
  return door ? `${entry.person.name}, ${door}` : entry.person.name;
}

export function changeText(change) {
  const before = formatChangeValue(change.before, change.money);
  const after = formatChangeValue(change.after, change.money);
  return `${before} → ${after}`;
}

// The filters live in the URL (?entity=&person=&from=&to=): the API's own parameter names, so the
// values go to GET /api/activity as they are and the server checks them.
export const ACTIVITY_FILTER_KEYS = ['entity', 'person', 'from', 'to'];

export const cleanFilters = (params) => pickFilters(ACTIVITY_FILTER_KEYS, params);

export { withFilters };
