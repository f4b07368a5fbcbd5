import { useEffect, useState, type ReactNode } from 'react';
import { readLastVisited, rememberPage } from '../navigation/last-visited';
import { slideDirection, type SlideDirection } from '../navigation/slide-direction';

/** Slides each new page in from the side the last visited page implies (tab order within a studio). */
export function PageSlide({ pathname, children }: { pathname: string; children: ReactNode }) {
  const [slide, setSlide] = useState<{ path: string; direction: SlideDirection }>(() => ({
    path: pathname,
    direction: slideDirection(readLastVisited(), pathname),
  }));
  if (slide.path !== pathname) setSlide({ path: pathname, direction: slideDirection(slide.path, pathname) });

  useEffect(() => rememberPage(pathname), [pathname]);

  return (
    <div key={slide.path} className={`page-slide page-slide--${slide.direction}`}>
      {children}
    </div>
  );
}
