import { useRef, useState } from 'react';

export const SWIPE_THRESHOLD = 50;

// Decides a swipe from the horizontal distance: left = next, right = previous.
export function swipeDirection(startX, endX, threshold = SWIPE_THRESHOLD) {
  if (startX === null || endX === null || startX === undefined || endX === undefined) return 0;
  const distance = startX - endX;
  if (distance > threshold) return 1;
  if (distance < -threshold) return -1;
  return 0;
}

export function Carousel({ items, renderItem, label, swipeThreshold = SWIPE_THRESHOLD, index: controlled, onIndexChange, className = '' }) {
  const [own, setOwn] = useState(0);
  const count = items ? items.length : 0;
  const index = count ? Math.min(controlled ?? own, count - 1) : 0;
  const startX = useRef(null);

  const go = (next) => {
    if (!count) return;
    const wrapped = (next + count) % count;
    setOwn(wrapped);
    onIndexChange?.(wrapped);
  };

  const onTouchStart = (e) => {
    startX.current = e.touches[0].clientX;
  };
  const onTouchEnd = (e) => {
    const endX = e.changedTouches[0].clientX;
    const direction = swipeDirection(startX.current, endX, swipeThreshold);
    startX.current = null;
    if (direction) go(index + direction);
  };
  const onKeyDown = (e) => {
    if (e.key === 'ArrowLeft') go(index - 1);
    if (e.key === 'ArrowRight') go(index + 1);
  };

  if (!count) return null;
  return (
    <section className={`carousel ${className}`.trim()} aria-roledescription="carousel" aria-label={label} onKeyDown={onKeyDown}>
      <div className="carousel__viewport" onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
        {items.map((item, i) => (
          <div
            key={item?.id ?? i}
            className={`carousel__slide${i === index ? ' is-active' : ''}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            aria-hidden={i === index ? undefined : 'true'}
            hidden={i !== index}
          >
            {renderItem(item, i)}
          </div>
        ))}
      </div>
      {count > 1 ? (
        <>
          <button type="button" className="carousel__arrow carousel__arrow--prev" aria-label="Previous" onClick={() => go(index - 1)}>
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" className="carousel__arrow carousel__arrow--next" aria-label="Next" onClick={() => go(index + 1)}>
            <span aria-hidden="true">›</span>
          </button>
          <div className="carousel__dots">
            {items.map((item, i) => (
              <button
                key={item?.id ?? i}
                type="button"
                className={`carousel__dot${i === index ? ' is-active' : ''}`}
                aria-label={`Go to slide ${i + 1}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => go(i)}
              />
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}

export default Carousel;
