import { preloadRoute } from './app/route-preload';
import './styles/base.css';

// The entry is this small on purpose: the route's chunks and data start at once, in parallel with React.
preloadRoute(window.location.pathname);
void import('./app/boot').then(({ boot }) => boot(document.getElementById('root')!));
