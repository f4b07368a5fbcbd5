import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { EXIT_DELAY_MS, prefersReducedMotion } from './motion';

interface ExitApi {
  exiting: boolean;
  /** Plays the page-exit style for 500 ms, then navigates. */
  leave: (to: string) => void;
}

const ExitContext = createContext<ExitApi>({ exiting: false, leave: () => undefined });

export function ExitProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [exitingFrom, setExitingFrom] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const leave = useCallback(
    (to: string) => {
      window.clearTimeout(timer.current);
      if (prefersReducedMotion()) {
        navigate(to);
        return;
      }
      setExitingFrom(pathname);
      timer.current = window.setTimeout(() => navigate(to), EXIT_DELAY_MS);
    },
    [navigate, pathname],
  );

  // The flag belongs to the page it was raised on: a new location is never shown faded.
  const exiting = exitingFrom === pathname;
  return (
    <ExitContext.Provider value={{ exiting, leave }}>
      <div className={exiting ? 'app-shell is-exiting' : 'app-shell'}>{children}</div>
    </ExitContext.Provider>
  );
}

export const useExit = () => useContext(ExitContext);
