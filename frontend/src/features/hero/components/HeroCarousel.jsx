import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Carousel } from '../../../components/Carousel';
import { useSession } from '../../../lib/session';
import { heroImagesQuery } from '../api';
import './hero.css';

// The slide's button: a path on this site stays in the app, an https address is a plain link.
function HeroAction({ label, link }) {
  if (!label || !link) return null;
  return link.startsWith('/') ? (
    <Link className="hero__action" to={link}>
      {label}
    </Link>
  ) : (
    <a className="hero__action" href={link}>
      {label}
    </a>
  );
}

// The slide's words as live text over the picture (pictures carry no lettering: docs/api.md,
// Hero images), on a scrim that keeps them readable over any picture, and clear of the arrows.
export function HeroCaption({ title, description, ctaLabel, ctaLink }) {
  if (!title && !description && !(ctaLabel && ctaLink)) return null;
  return (
    <figcaption className="hero__caption">
      {title ? <h2 className="hero__title">{title}</h2> : null}
      {description ? <p className="hero__description">{description}</p> : null}
      <HeroAction label={ctaLabel} link={ctaLink} />
    </figcaption>
  );
}

// `object_position` is the picture's focal point: the part kept in view however the slide's box
// crops it (a wide banner on a laptop, a tall one on a phone).
function HeroSlide({ image, index }) {
  const hasText = Boolean(image.title || image.description || (image.cta_label && image.cta_link));
  return (
    <figure className={`hero__slide${hasText ? ' hero__slide--text' : ''}`}>
      <img
        className="hero__image"
        src={image.image_url}
        alt={image.alt_text || ''}
        width="1600"
        height="600"
        style={{ objectPosition: image.object_position || undefined }}
        // The first slide is the page's largest paint: fetch it first, the rest lazily.
        loading={index === 0 ? 'eager' : 'lazy'}
        fetchPriority={index === 0 ? 'high' : undefined}
        decoding="async"
        onError={() => console.warn(`Hero image failed to load: ${image.image_url}`)}
      />
      <HeroCaption title={image.title} description={image.description} ctaLabel={image.cta_label} ctaLink={image.cta_link} />
    </figure>
  );
}

export function HeroCarousel() {
  const { isAdmin } = useSession();
  const { data, isPending } = useQuery(heroImagesQuery({ staleTime: 60_000 }));
  // Admins get every image; only the active ones belong on the shop floor.
  const images = (Array.isArray(data) ? data : []).filter((img) => img.is_active !== false && img.image_url);

  if (isPending) return <div className="hero hero--placeholder" aria-hidden="true" />;

  if (!images.length && !isAdmin) {
    // A shopper gets a quiet line, not a large empty box pushing the products down.
    return <p className="hero__empty-line">No hero images available</p>;
  }

  if (!images.length) {
    return (
      <section className="hero hero--empty" aria-label="Featured">
        <p className="hero__empty-text">No hero images available</p>
        {isAdmin ? (
          <Link to="/hero" className="button button--primary">
            Add Hero Image
          </Link>
        ) : null}
      </section>
    );
  }

  return (
    <>
      {isAdmin ? (
        <div className="hero__admin">
          <Link to="/hero" className="button button--secondary">
            Add Image
          </Link>
        </div>
      ) : null}
      <div className="hero">
        <Carousel items={images} label="Featured" renderItem={(image, i) => <HeroSlide image={image} index={i} />} />
      </div>
    </>
  );
}

export default HeroCarousel;
