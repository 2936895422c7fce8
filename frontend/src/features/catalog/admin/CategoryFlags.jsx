import { useCategories } from '../../../lib/categories';
import { actionFailureMessage } from '../../../lib/messages';
import { useToast } from '../../../lib/toast';
import { useSaveCategoryFlags } from './api';

const FLAGS = [
  { key: 'ageRestricted', label: '21+ only', hint: 'checkout asks for the age confirmation; orders need an ID check' },
  { key: 'shippable', label: 'Can be shipped', hint: 'off: pickup or local delivery only' },
  {
    key: 'exciseTax',
    label: 'Excise tax',
    hint: 'nicotine vapes and liquids: the excise is charged (a 0 mg product is exempted on its own form)',
  },
];

// The sale rules of the category being browsed, for admins: a tick saves at once.
export function CategoryFlags({ category }) {
  const { categoryById } = useCategories();
  const save = useSaveCategoryFlags();
  const toast = useToast();
  const info = categoryById(category);
  if (!info) return null;

  async function toggle(key, value) {
    try {
      await save.mutateAsync({ categoryId: info.id, flags: { [key]: value } });
      toast.success(`${info.name} updated`);
    } catch (err) {
      toast.error(actionFailureMessage(err, 'Error updating category'));
    }
  }

  return (
    <fieldset className="category-flags" aria-label={`${info.name} sale rules`}>
      {FLAGS.map(({ key, label, hint }) => (
        <label key={key} className="category-flags__flag" title={hint}>
          <input
            type="checkbox"
            checked={info[key] === true}
            disabled={save.isPending || typeof info[key] !== 'boolean'}
            onChange={(event) => toggle(key, event.target.checked)}
          />
          <span>{label}</span>
        </label>
      ))}
    </fieldset>
  );
}
