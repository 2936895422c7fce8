import { serverMessage } from '../../../lib/api';
import { useCategories } from '../../../lib/categories';
import { useToast } from '../../../lib/toast';
import { useSaveRule } from '../api';
import { actionLabel, attributeLabel, whenText, whereText } from '../ruleForm';

// What it applies to, in words: an attribute, a category, both ("Flavoured in <category>"), or every product.
function appliesText(applies, nameOf) {
  const a = applies || {};
  const parts = [a.attribute ? attributeLabel(a.attribute) : '', a.category ? nameOf(a.category) : ''].filter(Boolean);
  return parts.length ? parts.join(' in ') : 'Every product';
}

function RuleRow({ rule, onEdit, onDelete }) {
  const { categoryById } = useCategories();
  const save = useSaveRule();
  const toast = useToast();
  const nameOf = (id) => categoryById(id)?.name ?? id;
  const toggle = () =>
    save.mutate(
      { id: rule.id, body: { active: !rule.active } },
      {
        onSuccess: () => toast.success(`${rule.name} switched ${rule.active ? 'off' : 'on'}`),
        onError: (err) => toast.error(serverMessage(err, 'Failed to save the rule')),
      },
    );
  return (
    <tr className={rule.active ? undefined : 'compliance-rule--off'}>
      <th scope="row">
        {rule.name}
        {rule.reviewed === false && (
          <span className="compliance-review" data-testid={`review-${rule.id}`}>
            Check before relying on it
          </span>
        )}
      </th>
      <td>{appliesText(rule.applies, nameOf)}</td>
      <td>{whereText(rule.where)}</td>
      <td>{whenText(rule)}</td>
      <td>
        {actionLabel(rule.action)}
        {rule.message ? <p className="admin-muted compliance-message">{rule.message}</p> : null}
      </td>
      <td>
        <label className="admin-check">
          <input
            type="checkbox"
            role="switch"
            checked={Boolean(rule.active)}
            disabled={save.isPending}
            onChange={toggle}
            aria-label={`${rule.name} active`}
          />{' '}
          {rule.active ? 'On' : 'Off'}
        </label>
      </td>
      <td className="compliance-source">{rule.source}</td>
      <td className="admin-card-actions">
        <button type="button" className="admin-button admin-button--ghost" onClick={() => onEdit(rule)} aria-label={`Edit ${rule.name}`}>
          Edit
        </button>
        <button
          type="button"
          className="admin-button admin-button--danger"
          onClick={() => onDelete(rule)}
          aria-label={`Delete ${rule.name}`}
        >
          Delete
        </button>
      </td>
    </tr>
  );
}

export function RulesTable({ rules, onEdit, onDelete }) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table compliance-rules">
        <caption className="admin-visually-hidden">Rules</caption>
        <thead>
          <tr>
            <th scope="col">Rule</th>
            <th scope="col">Applies to</th>
            <th scope="col">Where</th>
            <th scope="col">When</th>
            <th scope="col">Action</th>
            <th scope="col">Active</th>
            <th scope="col">Source</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {rules.map((rule) => (
            <RuleRow key={rule.id} rule={rule} onEdit={onEdit} onDelete={onDelete} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default RulesTable;
