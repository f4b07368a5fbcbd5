import { Component, type ErrorInfo, type ReactNode } from 'react';
import './errors.css';

interface State {
  failed: boolean;
}

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.warn('Ошибка отрисовки приложения', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="error-screen" role="alert">
        <p className="eyebrow">Ошибка приложения</p>
        <h1>Что-то пошло не так</h1>
        <p>В приложении произошла ошибка. Пожалуйста, перезагрузите страницу — обычно это помогает.</p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Перезагрузить
        </button>
      </main>
    );
  }
}
