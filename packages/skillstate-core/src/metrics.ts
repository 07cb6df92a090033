/** One step of an agent procedure as the paper's §4.3 accounting sees it (characters, not tokens). */
export interface StepRecord {
  promptChars: number;
  responseChars: number;
  /** Whether the step's patch was accepted; `undefined` excludes the step from accuracy. */
  success?: boolean;
}

/** The paper's three metrics. */
export interface Metrics {
  accuracy: number | null;
  averagePromptSize: number;
  totalTokens: number;
}

/** Accumulates step sizes and reports the paper's metrics. */
export class TokenTracker {
  #steps = 0;
  #promptChars = 0;
  #responseChars = 0;
  #accepted = 0;
  #actionable = 0;

  /** Records one step. */
  recordStep(step: StepRecord): void {
    this.#steps += 1;
    this.#promptChars += step.promptChars;
    this.#responseChars += step.responseChars;
    if (step.success !== undefined) {
      this.#actionable += 1;
      if (step.success) this.#accepted += 1;
    }
  }

  /** How many steps were recorded. */
  get stepCount(): number {
    return this.#steps;
  }

  /** Exactly `{accuracy, averagePromptSize, totalTokens}`. */
  getMetrics(): Metrics {
    return {
      accuracy: this.#actionable === 0 ? null : this.#accepted / this.#actionable,
      averagePromptSize: this.#steps === 0 ? 0 : this.#promptChars / this.#steps,
      totalTokens: this.#promptChars + this.#responseChars,
    };
  }
}
