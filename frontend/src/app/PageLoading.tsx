/** Shown while a route's code arrives: quiet on purpose, most loads finish before it fades in. */
export function PageLoading() {
  return (
    <div className="page-loading" role="status">
      <span>Загрузка...</span>
    </div>
  );
}
