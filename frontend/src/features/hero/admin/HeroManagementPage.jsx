import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import ConfirmDialog from '../../../components/ConfirmDialog';
import EmptyState from '../../../components/EmptyState';
import Spinner from '../../../components/Spinner';
import { useToast } from '../../../lib/toast';
import { heroImagesQuery } from '../api';
import {
  buildHeroFormData,
  heroErrorMessage,
  moveItem,
  sortByDisplayOrder,
  useDeleteHero,
  useReorderHeroes,
  useSaveHero,
  useSetHeroActive,
} from './api';
import HeroCard from './HeroCard';
import HeroFormModal from './HeroFormModal';

// Loading, the load's failure (with a retry) or an empty list (with Add); nothing once images show.
function HeroListState({ isPending, error, empty, onRetry, onAdd }) {
  if (isPending) return <Spinner label="Loading hero images..." />;
  if (error) {
    return (
      <EmptyState title="Hero images could not be loaded" message={heroErrorMessage(error)}>
        <button type="button" className="admin-button admin-button--secondary" onClick={onRetry}>
          Try again
        </button>
      </EmptyState>
    );
  }
  if (!empty) return null;
  return (
    <EmptyState title="No hero images available" message="Add an image to fill the homepage carousel.">
      <button type="button" className="admin-button admin-button--primary" onClick={onAdd}>
        Add Image
      </button>
    </EmptyState>
  );
}

export default function HeroManagementPage() {
  const toast = useToast();
  const { data, isPending, isError, error, refetch } = useQuery(heroImagesQuery());
  const [editing, setEditing] = useState(null); // null closed, {} new, {hero} edit
  const [deleting, setDeleting] = useState(null);
  const save = useSaveHero();
  const activation = useSetHeroActive();
  const removal = useDeleteHero();
  const reorder = useReorderHeroes();
  const busy = activation.isPending || removal.isPending || reorder.isPending;

  const images = sortByDisplayOrder(Array.isArray(data) ? data : data?.images);

  const submitForm = async (values, file) => {
    const formData = buildHeroFormData(values, file);
    try {
      await save.mutateAsync({ heroId: editing?.hero?.id, formData });
    } catch (err) {
      const message = heroErrorMessage(err);
      toast.error(message, 4000);
      throw new Error(message);
    }
    toast.success(editing?.hero ? 'Hero image updated' : 'Hero image added');
  };

  const run = async (mutation, variables, success) => {
    try {
      await mutation.mutateAsync(variables);
      toast.success(success);
    } catch (err) {
      toast.error(heroErrorMessage(err), 4000);
    }
  };

  const toggle = (hero) =>
    run(activation, { heroId: hero.id, isActive: !hero.is_active }, hero.is_active ? 'Hero image deactivated' : 'Hero image activated');

  const confirmDelete = async () => {
    await run(removal, deleting.id, 'Hero image deleted');
    setDeleting(null);
  };

  const move = async (index, delta) => {
    const next = moveItem(images, index, delta);
    if (!next) return;
    try {
      await reorder.mutateAsync(next);
    } catch (err) {
      toast.error(heroErrorMessage(err), 4000);
    }
  };

  return (
    <section className="admin-page" aria-labelledby="hero-management-title">
      <header className="admin-page-header">
        <h1 id="hero-management-title">Hero Images</h1>
        <button type="button" className="admin-button admin-button--primary" onClick={() => setEditing({})}>
          Add Hero Image
        </button>
      </header>
      <p className="admin-muted">Shown on the homepage carousel in this order. Inactive images stay hidden from customers.</p>
      <HeroListState
        isPending={isPending}
        error={isError ? error : null}
        empty={images.length === 0}
        onRetry={() => refetch()}
        onAdd={() => setEditing({})}
      />
      {images.length > 0 && (
        <ol className="admin-hero-list" aria-label="Hero images in display order">
          {images.map((hero, index) => (
            <HeroCard
              key={hero.id}
              hero={hero}
              position={index + 1}
              isFirst={index === 0}
              isLast={index === images.length - 1}
              busy={busy}
              onEdit={() => setEditing({ hero })}
              onToggle={() => toggle(hero)}
              onDelete={() => setDeleting(hero)}
              onMove={(delta) => move(index, delta)}
            />
          ))}
        </ol>
      )}
      <HeroFormModal
        open={Boolean(editing)}
        hero={editing?.hero}
        nextOrder={images.length + 1}
        onClose={() => setEditing(null)}
        onSubmit={submitForm}
        saving={save.isPending}
      />
      <ConfirmDialog
        open={Boolean(deleting)}
        title="Delete Hero Image"
        danger
        busy={busy}
        confirmLabel="Delete"
        message={`Delete "${deleting?.title || 'this image'}" from the homepage? This cannot be undone.`}
        onConfirm={confirmDelete}
        onCancel={() => !busy && setDeleting(null)}
      />
    </section>
  );
}
