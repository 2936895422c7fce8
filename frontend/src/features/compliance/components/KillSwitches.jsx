import { serverMessage } from '../../../lib/api';
import { useCategories } from '../../../lib/categories';
import { useToast } from '../../../lib/toast';
import { useSaveRule } from '../api';
import { killSwitchBody, killSwitchOf } from '../ruleForm';

// One category's switch: on = off sale everywhere (its `block` rule active).
function KillSwitch({ category, rule, save }) {
  const toast = useToast();
  const offSale = Boolean(rule?.active);
  const flip = () => {
    const change = rule ? { id: rule.id, body: { active: !offSale } } : { body: killSwitchBody(category) };
    save.mutate(change, {
      onSuccess: () => toast.success(offSale ? `${category.name} is back on sale` : `${category.name} is off sale`),
      onError: (err) => toast.error(serverMessage(err, `Failed to change ${category.name}`)),
    });
  };
  return (
    <li className={`kill-switch${offSale ? ' is-off-sale' : ''}`}>
      <label className="kill-switch__label">
        <input
          type="checkbox"
          role="switch"
          className="kill-switch__input"
          checked={offSale}
          disabled={save.isPending}
          onChange={flip}
          aria-describedby={`kill-switch-${category.id}-state`}
        />
        <span className="kill-switch__name">{category.name}</span>
      </label>
      <span id={`kill-switch-${category.id}-state`} className="kill-switch__state">
        {offSale ? 'Off sale' : 'On sale'}
      </span>
    </li>
  );
}

// The kill switch: take a whole category off sale everywhere at once (a `block` rule on the
// category, created the first time, then switched on and off), and back.
export function KillSwitches({ rules }) {
  const { categories } = useCategories();
  const save = useSaveRule();
  return (
    <section className="admin-card kill-switches" aria-labelledby="kill-switches-title">
      <h2 id="kill-switches-title" className="admin-card-title">
        Take a category off sale
      </h2>
      <p className="admin-muted">Switched on, the category cannot be bought anywhere until it is switched off again.</p>
      <ul className="kill-switches__list">
        {categories.map((category) => (
          <KillSwitch key={category.id} category={category} rule={killSwitchOf(rules, category.id)} save={save} />
        ))}
      </ul>
    </section>
  );
}

export default KillSwitches;
