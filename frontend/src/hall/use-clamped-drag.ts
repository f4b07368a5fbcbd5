import type { UseEmblaCarouselType } from 'embla-carousel-react';
import { useEffect } from 'react';
import { clampDrag, CLICK_TOLERANCE, swipeStep } from './swipe';

/**
 * Pointer dragging for an Embla carousel made with `watchDrag: false`. Embla's own drag follows
 * the pointer without limit and picks the slide from the release speed; the spec asks for the
 * track to follow by at most ±50% of the width and for the slide to change by the distance rule.
 */
export function useClampedDrag(embla: UseEmblaCarouselType[1]): void {
  useEffect(() => {
    if (!embla) return;
    const root = embla.rootNode();
    const engine = embla.internalEngine();
    let pointer: { id: number; startX: number; startY: number; startIndex: number; applied: number; dragging: boolean } | null = null;
    let swallowClick = false;

    const settle = (dx: number) => {
      if (!pointer) return;
      const { startIndex, dragging } = pointer;
      pointer = null;
      if (dragging) embla.scrollTo(startIndex + swipeStep(dx, root.clientWidth));
    };

    const onDown = (event: PointerEvent) => {
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      swallowClick = false;
      pointer = { id: event.pointerId, startX: event.clientX, startY: event.clientY, startIndex: embla.selectedScrollSnap(), applied: 0, dragging: false };
    };

    const onMove = (event: PointerEvent) => {
      if (!pointer || event.pointerId !== pointer.id) return;
      const dx = event.clientX - pointer.startX;
      if (!pointer.dragging) {
        if (Math.abs(dx) <= CLICK_TOLERANCE) return;
        // A mostly vertical touch is the page scrolling, not a swipe.
        if (event.pointerType !== 'mouse' && Math.abs(event.clientY - pointer.startY) > Math.abs(dx)) {
          pointer = null;
          return;
        }
        pointer.dragging = true;
        root.setPointerCapture(event.pointerId);
        // Stop a running slide where it is, so the drag starts from what the visitor sees.
        engine.target.set(engine.location);
      }
      const offset = clampDrag(dx, root.clientWidth);
      // Relative steps, because Embla's looper may shift the whole track by its length mid-drag.
      engine.target.add(offset - pointer.applied);
      pointer.applied = offset;
      engine.scrollBody.useFriction(0).useDuration(0);
      engine.animation.start();
      event.preventDefault();
    };

    const onUp = (event: PointerEvent) => {
      if (!pointer || event.pointerId !== pointer.id) return;
      swallowClick = pointer.dragging;
      settle(event.clientX - pointer.startX);
    };

    // The browser took the touch over (page scroll, a second finger): go back to where it started.
    const onCancel = (event: PointerEvent) => {
      if (pointer && event.pointerId === pointer.id) settle(0);
    };

    // The click that ends a drag must not open the lightbox.
    const onClick = (event: MouseEvent) => {
      if (!swallowClick) return;
      swallowClick = false;
      event.preventDefault();
      event.stopPropagation();
    };

    root.addEventListener('pointerdown', onDown);
    root.addEventListener('pointermove', onMove);
    root.addEventListener('pointerup', onUp);
    root.addEventListener('pointercancel', onCancel);
    root.addEventListener('click', onClick, true);
    return () => {
      root.removeEventListener('pointerdown', onDown);
      root.removeEventListener('pointermove', onMove);
      root.removeEventListener('pointerup', onUp);
      root.removeEventListener('pointercancel', onCancel);
      root.removeEventListener('click', onClick, true);
    };
  }, [embla]);
}
