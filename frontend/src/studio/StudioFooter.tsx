import { BUSINESS, type StudioInfo } from '../studios/studios';

export function StudioFooter({ info }: { info: StudioInfo }) {
  const tel = info.phone.replace(/[^\d+]/g, '');
  return (
    <footer className="studio-footer">
      <div className="studio-footer__inner">
        <div className="studio-footer__col">
          <p className="studio-footer__name">{info.name}</p>
          <address>
            {info.address}
            <br />
            <a href={`tel:${tel}`}>{info.phone}</a>
          </address>
          <p>Ежедневно с 10:00 до 22:00</p>
        </div>
        <div className="studio-footer__col">
          <p className="studio-footer__label">Продавец</p>
          <p>{BUSINESS.seller}</p>
          <p>ИНН {BUSINESS.inn}</p>
          <p>ОГРНИП {BUSINESS.ogrnip}</p>
        </div>
        <div className="studio-footer__col">
          <p className="studio-footer__label">Мы в сетях</p>
          <ul className="studio-footer__social">
            {[BUSINESS.photoNetwork, BUSINESS.messenger].map((network) => (
              <li key={network.label}>
                <a href={network.href} target="_blank" rel="noopener noreferrer">
                  <span>{network.label}</span> {network.handle}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className="studio-footer__legal">© {new Date().getFullYear()} Студии Томска. Аренда фотостудий в Томске.</p>
    </footer>
  );
}
