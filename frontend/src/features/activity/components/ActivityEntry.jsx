import { formatWhen } from '../../../lib/format';
import { changeText, whoText } from './activityWords';

const ACTION_WORDS = { created: 'Created', changed: 'Changed', deleted: 'Deleted' };

// One history entry: when, who and through which door, what, and each field's before and after.
export default function ActivityEntry({ entry, kindLabel }) {
  return (
    <li className="activity-entry">
      <div className="activity-entry__head">
        <strong>
          {ACTION_WORDS[entry.action] || entry.action} {kindLabel ? `${kindLabel.toLowerCase()}: ` : ''}
          {entry.label}
        </strong>
        <span className="admin-muted">
          {formatWhen(entry.at)} · {whoText(entry)}
        </span>
      </div>
      {entry.changes.length > 0 && (
        <dl className="activity-entry__changes">
          {entry.changes.map((change) => (
            <div key={change.field} className="activity-entry__change">
              <dt>{change.label}</dt>
              <dd>{changeText(change)}</dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  );
}
