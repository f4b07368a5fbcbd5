/** What the map shows without the maps script: a drawn street plan, a marker, the address. */
export function StaticMap({ address, coordinates }: { address: string; coordinates: [number, number] }) {
  const [lat, lon] = coordinates;
  const link = `https://yandex.ru/maps/?pt=${lon},${lat}&z=17&l=map`;
  return (
    <figure className="static-map">
      <svg className="static-map__plan" viewBox="0 0 800 380" preserveAspectRatio="xMidYMid slice" aria-hidden="true" focusable="false">
        <rect width="800" height="380" className="static-map__ground" />
        <path className="static-map__park" d="M40 40h150v90H40zM560 250h170v100H560z" />
        <path className="static-map__river" d="M-20 330C120 300 220 360 360 330s260-80 460-40" />
        <g className="static-map__streets">
          <path d="M0 190h800M0 90h800M0 285h800M120 0v380M300 0v380M520 0v380M690 0v380" />
          <path className="static-map__avenue" d="M-10 230 820 130M400 -10v400" />
        </g>
        <g className="static-map__blocks">
          <path d="M135 105h150v70H135zM315 105h70v70H315zM415 105h90v70H415zM535 105h140v70H535zM135 200h150v70H135zM315 200h70v70H315zM535 200h140v40H535z" />
        </g>
      </svg>
      <div className="static-map__pin" aria-hidden="true">
        <span className="static-map__pulse" />
        <svg width="34" height="44" viewBox="0 0 34 44" focusable="false">
          <path d="M17 43S2 27.5 2 17a15 15 0 0 1 30 0c0 10.5-15 26-15 26Z" />
          <circle cx="17" cy="17" r="5.5" />
        </svg>
      </div>
      <figcaption className="static-map__card">
        <span className="eyebrow">Адрес студии</span>
        <span className="static-map__address">{address}</span>
        <span className="static-map__coords">
          {lat.toFixed(5)}° с. ш., {lon.toFixed(5)}° в. д.
        </span>
        <a href={link} target="_blank" rel="noopener noreferrer">
          Открыть в Яндекс Картах
        </a>
      </figcaption>
    </figure>
  );
}
