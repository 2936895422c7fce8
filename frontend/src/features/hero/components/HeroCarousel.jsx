import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Carousel } from '../../../components/Carousel';
import { useSession } from '../../../lib/session';
import { heroImagesQuery } from '../api';
import './hero.css';

// Hero banners usually carry their title in the picture itself, so the caption shows the
// description and keeps the title for screen readers only; a slide with no description shows
// its title instead. Either way the text sits on its own dark panel, never ghosting over the
// picture's lettering.
export function HeroCaption({ title, description }) {
  if (!title && !description) return null;
  return (
    <figcaption className="hero__caption">
      {title ? <h2 className={description ? 'visually-hidden' : 'hero__title'}>{title}</h2> : null}
      {description ? <p className="hero__description">{description}</p> : null}
    </figcaption>
  );
}

function HeroSlide({ image, index }) {
  return (
    <figure className="hero__slide">
      <img
        className="hero__image"
        src={image.image_url}
        alt={image.alt_text || image.title || ''}
        width="1200"
        height="400"
        // The first slide is the page's largest paint: fetch it first, the rest lazily.
        loading={index === 0 ? 'eager' : 'lazy'}
        fetchPriority={index === 0 ? 'high' : undefined}
        decoding="async"
        onError={() => console.warn(`Hero image failed to load: ${image.image_url}`)}
      />
      <HeroCaption title={image.title} description={image.description} />
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
