import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useToast } from '../../../lib/toast';
import { actionFailureMessage } from '../../../lib/messages';
import { ridePricingQuery, useSaveRidePricing } from '../api';

// The pricing text customers read in the ride request modal.
export default function RidePricingEditor() {
  const id = useId();
  const toast = useToast();
  const { data, isPending } = useQuery(ridePricingQuery());
  const [text, setText] = useState('');
  const saveText = useSaveRidePricing();
  const saving = saveText.isPending;
  const loaded = data?.ride_pricing_description;
  useEffect(() => {
    if (loaded !== undefined) setText(loaded);
  }, [loaded]);

  const save = async (event) => {
    event.preventDefault();
    try {
      const answer = await saveText.mutateAsync(text);
      toast.success(answer?.message || 'Pricing description updated');
    } catch (err) {
      toast.error(actionFailureMessage(err, 'Failed to update pricing description'));
    }
  };

  return (
    <form className="admin-card admin-pricing" onSubmit={save} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-card-title">
        Pricing description
      </h2>
      <label htmlFor={`${id}-text`} className="admin-label">
        Shown to customers when they request a ride
      </label>
      <textarea
        id={`${id}-text`}
        className="admin-input"
        rows={5}
        value={text}
        onChange={(e) => setText(e.target.value)}
        disabled={isPending || saving}
        aria-busy={isPending}
      />
      <div className="admin-card-actions">
        <button type="submit" className="admin-button admin-button--primary" disabled={isPending || saving}>
          {saving ? 'Saving...' : 'Save Pricing'}
        </button>
      </div>
    </form>
  );
}
