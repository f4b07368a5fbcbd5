// The public pages' toasts without sonner in their first load (12 KB gzip, docs/performance.md):
// sonner loads with the first toast, and the page's toaster is mounted before that toast is shown
// (a toaster mounted after a toast was sent would never show it).
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import type * as SonnerModule from 'sonner';
import type { ExternalToast, ToasterProps } from 'sonner';

type Sonner = typeof SonnerModule;
const loadSonner = () => import('sonner');
const Toaster = lazy(() => loadSonner().then((sonner) => ({ default: sonner.Toaster })));

let wanted = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
let toasterMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => (toasterMounted = resolve));

async function show(send: (sonner: Sonner) => void): Promise<void> {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  const [sonner] = await Promise.all([loadSonner(), mounted]);
  send(sonner);
}

/** sonner's `toast` and `toast.error`, sent once sonner and the page's toaster are there. */
export const toast = Object.assign((message: string, options?: ExternalToast) => void show((sonner) => sonner.toast(message, options)), {
  error: (message: string, options?: ExternalToast) => void show((sonner) => sonner.toast.error(message, options)),
});

/** Runs its effect after the toaster's own (siblings in order): the toaster listens by then. */
function Listening() {
  useEffect(() => toasterMounted(), []);
  return null;
}

/** The page's toaster: nothing until the first toast asks for it. */
export function LazyToaster(props: ToasterProps) {
  const shown = useSyncExternalStore(subscribe, () => wanted);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <Toaster {...props} />
      <Listening />
    </Suspense>
  );
}
