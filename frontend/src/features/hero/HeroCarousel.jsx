import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Carousel } from '../../components/Carousel';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';
import './hero.css';

export function fetchHeroImages() {
  return api.get('/hero/images');
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
      {image.title || image.description ? (
        <figcaption className="hero__caption">
          {image.title ? <h2 className="hero__title">{image.title}</h2> : null}
          {image.description ? <p className="hero__description">{image.description}</p> : null}
        </figcaption>
      ) : null}
    </figure>
  );
}

export function HeroCarousel() {
  const { isAdmin } = useSession();
  const { data, isPending } = useQuery({ queryKey: ['hero-images'], queryFn: fetchHeroImages, staleTime: 60_000 });
  // Admins get every image; only the active ones belong on the shop floor.
  const images = (Array.isArray(data) ? data : []).filter((img) => img.is_active !== false && img.image_url);

  if (isPending) return <div className="hero hero--placeholder" aria-hidden="true" />;

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
