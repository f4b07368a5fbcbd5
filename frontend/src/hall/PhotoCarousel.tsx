import useEmblaCarousel from 'embla-carousel-react';
import { useEffect, useState } from 'react';
import { Arrow } from '../ui/Arrow';
import { Lightbox } from './Lightbox';
import { useClampedDrag } from './use-clamped-drag';
import { usePreload } from './use-preload';

interface Opened {
  index: number;
  origin: DOMRect | null;
}

export function PhotoCarousel({ photos, loading }: { photos: string[]; loading: boolean }) {
  // Embla's duration is a speed factor, not ms: 30 settles in about half a second. Dragging is
  // ours (useClampedDrag): Embla's has no limit on how far the track follows the pointer.
  const [viewportRef, embla] = useEmblaCarousel({ loop: photos.length > 1, duration: 30, watchDrag: false });
  const [current, setCurrent] = useState(0);
  const [opened, setOpened] = useState<Opened | null>(null);
  const { isRequested, isLoaded, ready } = usePreload(photos, current);
  useClampedDrag(embla);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setCurrent(embla.selectedScrollSnap());
    onSelect();
    embla.on('select', onSelect).on('reInit', onSelect);
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect);
    };
  }, [embla]);

  if (loading) {
    return (
      <div className="carousel carousel--loading" role="status">
        <span>Загрузка фотографий...</span>
      </div>
    );
  }

  return (
    <section className="carousel" aria-roledescription="карусель" aria-label="Фотографии зала">
      <div className="carousel__viewport" ref={viewportRef}>
        <div className="carousel__container">
          {photos.map((src, index) => (
            <div className="carousel__slide" key={`${src}-${index}`} role="group" aria-roledescription="слайд" aria-label={`${index + 1} из ${photos.length}`}>
              <button
                type="button"
                className="carousel__open"
                aria-label={`Открыть фото ${index + 1} на весь экран`}
                onClick={(event) => {
                  const image = event.currentTarget.querySelector('img');
                  setOpened({ index, origin: image?.getBoundingClientRect() ?? null });
                }}
              >
                <span className={isLoaded(src) ? 'carousel__placeholder is-hidden' : 'carousel__placeholder'} aria-hidden="true" />
                {isRequested(src) && (
                  <img src={src} alt={`Фото ${index + 1}`} className={isLoaded(src) ? 'is-loaded' : undefined} draggable={false} />
                )}
              </button>
            </div>
          ))}
        </div>
      </div>
      {!ready && (
        <p className="carousel__status" role="status">
          Загрузка фотографий...
        </p>
      )}
      {photos.length > 1 && (
        <div className="carousel__controls">
          <button type="button" className="carousel__arrow" aria-label="Предыдущее фото" onClick={() => embla?.scrollPrev()}>
            <Arrow direction="left" />
          </button>
          <p className="carousel__counter" aria-live="polite">
            <span>{String(current + 1).padStart(2, '0')}</span> / {String(photos.length).padStart(2, '0')}
          </p>
          <button type="button" className="carousel__arrow" aria-label="Следующее фото" onClick={() => embla?.scrollNext()}>
            <Arrow direction="right" />
          </button>
        </div>
      )}
      {opened && (
        <Lightbox
          photos={photos}
          index={opened.index}
          origin={opened.origin}
          onIndexChange={(index) => setOpened({ index, origin: opened.origin })}
          onClose={(index) => {
            setOpened(null);
            embla?.scrollTo(index, true);
          }}
        />
      )}
    </section>
  );
}
