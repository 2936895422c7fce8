import { useEffect, useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../../lib/toast';
import { actionFailureMessage } from '../shared/messages';
import { fetchRidePricing, saveRidePricing } from './api';

// The pricing text customers read in the ride request modal.
export default function RidePricingEditor() {
  const id = useId();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { data, isPending } = useQuery({ queryKey: ['ride-pricing'], queryFn: fetchRidePricing });
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  const loaded = data?.ride_pricing_description;
  useEffect(() => { if (loaded !== undefined) setText(loaded); }, [loaded]);

  const save = async (event) => {
    event.preventDefault();
    setSaving(true);
    try {
      const answer = await saveRidePricing(text);
      toast.success(answer?.message || 'Pricing description updated');
      queryClient.setQueryData(['ride-pricing'], { ride_pricing_description: answer?.ride_pricing_description ?? text });
    } catch (err) {
      toast.error(actionFailureMessage(err, 'Failed to update pricing description'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="admin-card admin-pricing" onSubmit={save} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-card-title">Pricing description</h2>
      <label htmlFor={`${id}-text`} className="admin-label">Shown to customers when they request a ride</label>
      <textarea id={`${id}-text`} className="admin-input" rows={5} value={text} onChange={(e) => setText(e.target.value)}
        disabled={isPending || saving} aria-busy={isPending} />
      <div className="admin-card-actions">
        <button type="submit" className="admin-button admin-button--primary" disabled={isPending || saving}>
          {saving ? 'Saving...' : 'Save Pricing'}
        </button>
      </div>
    </form>
  );
}
