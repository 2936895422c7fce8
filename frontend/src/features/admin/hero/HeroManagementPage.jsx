import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import ConfirmDialog from '../../../components/ConfirmDialog';
import EmptyState from '../../../components/EmptyState';
import Spinner from '../../../components/Spinner';
import { useToast } from '../../../lib/toast';
import { heroErrorMessage } from '../shared/messages';
import {
  HERO_KEY, buildHeroFormData, createHero, deleteHero, fetchHeroImages, moveItem, reorderHeroes, setHeroActive,
  sortByDisplayOrder, updateHero,
} from './api';
import HeroCard from './HeroCard';
import HeroFormModal from './HeroFormModal';

export default function HeroManagementPage() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const { data, isPending, isError, error, refetch } = useQuery({ queryKey: HERO_KEY, queryFn: fetchHeroImages });
  const [editing, setEditing] = useState(null); // null closed, {} new, {hero} edit
  const [deleting, setDeleting] = useState(null);
  const [busy, setBusy] = useState(false);

  const images = sortByDisplayOrder(Array.isArray(data) ? data : data?.images);
  const refresh = () => queryClient.invalidateQueries({ queryKey: HERO_KEY });

  const submitForm = async (values, file) => {
    const formData = buildHeroFormData(values, file);
    try {
      if (editing?.hero) await updateHero(editing.hero.id, formData);
      else await createHero(formData);
    } catch (err) {
      const message = heroErrorMessage(err);
      toast.error(message, 4000);
      throw new Error(message);
    }
    toast.success(editing?.hero ? 'Hero image updated' : 'Hero image added');
    await refresh();
  };

  const run = async (call, success) => {
    setBusy(true);
    try {
      await call();
      if (success) toast.success(success);
      await refresh();
      return true;
    } catch (err) {
      toast.error(heroErrorMessage(err), 4000);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const toggle = (hero) => run(() => setHeroActive(hero.id, !hero.is_active), hero.is_active ? 'Hero image deactivated' : 'Hero image activated');

  const confirmDelete = async () => {
    await run(() => deleteHero(deleting.id), 'Hero image deleted');
    setDeleting(null);
  };

  // Shows the new order at once; a refused reorder reloads the list as the server has it.
  const move = async (index, delta) => {
    const next = moveItem(images, index, delta);
    if (!next) return;
    const previous = queryClient.getQueryData(HERO_KEY);
    queryClient.setQueryData(HERO_KEY, next.map((hero, i) => ({ ...hero, display_order: i })));
    setBusy(true);
    try {
      const answer = await reorderHeroes(next.map((hero) => hero.id));
      if (Array.isArray(answer)) queryClient.setQueryData(HERO_KEY, answer);
    } catch (err) {
      toast.error(heroErrorMessage(err), 4000);
      queryClient.setQueryData(HERO_KEY, previous);
      await refresh();
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="admin-page" aria-labelledby="hero-management-title">
      <header className="admin-page-header">
        <h1 id="hero-management-title">Hero Images</h1>
        <button type="button" className="admin-button admin-button--primary" onClick={() => setEditing({})}>Add Hero Image</button>
      </header>
      <p className="admin-muted">Shown on the homepage carousel in this order. Inactive images stay hidden from customers.</p>
      {isPending && <Spinner label="Loading hero images..." />}
      {isError && (
        <EmptyState title="Hero images could not be loaded" message={heroErrorMessage(error)}>
          <button type="button" className="admin-button admin-button--secondary" onClick={() => refetch()}>Try again</button>
        </EmptyState>
      )}
      {!isPending && !isError && images.length === 0 && (
        <EmptyState title="No hero images available" message="Add an image to fill the homepage carousel.">
          <button type="button" className="admin-button admin-button--primary" onClick={() => setEditing({})}>Add Image</button>
        </EmptyState>
      )}
      {images.length > 0 && (
        <ol className="admin-hero-list" aria-label="Hero images in display order">
          {images.map((hero, index) => (
            <HeroCard key={hero.id} hero={hero} position={index + 1} isFirst={index === 0} isLast={index === images.length - 1}
              busy={busy} onEdit={() => setEditing({ hero })} onToggle={() => toggle(hero)} onDelete={() => setDeleting(hero)}
              onMove={(delta) => move(index, delta)} />
          ))}
        </ol>
      )}
      <HeroFormModal open={Boolean(editing)} hero={editing?.hero} nextOrder={images.length + 1}
        onClose={() => setEditing(null)} onSubmit={submitForm} />
      <ConfirmDialog open={Boolean(deleting)} title="Delete Hero Image" danger busy={busy} confirmLabel="Delete"
        message={`Delete "${deleting?.title || 'this image'}" from the homepage? This cannot be undone.`}
        onConfirm={confirmDelete} onCancel={() => !busy && setDeleting(null)} />
    </section>
  );
}
