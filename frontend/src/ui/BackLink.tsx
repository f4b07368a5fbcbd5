import { useExit } from '../navigation/ExitProvider';
import { Arrow } from './Arrow';
import './back-link.css';

/** The back arrow of the account pages; leaves with the site's page-exit animation. */
export function BackLink({ to, label }: { to: string; label: string }) {
  const { leave } = useExit();
  return (
    <a
      className="back-link"
      href={to}
      onClick={(event) => {
        event.preventDefault();
        leave(to);
      }}
    >
      <Arrow direction="left" />
      {label}
    </a>
  );
}
