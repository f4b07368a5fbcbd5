/** A level-triggered wake-up: a notify that lands before anyone waits is not lost. */
export class Wakeup {
  #pending = false;
  #wake: (() => void) | undefined;

  notify(): void {
    this.#pending = true;
    this.#wake?.();
  }

  /** Resolves on the next (or a pending) notify, or after `timeoutMs`. */
  wait(timeoutMs: number): Promise<void> {
    if (this.#pending) {
      this.#pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#wake = undefined;
        this.#pending = false;
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.#wake = done;
    });
  }
}
