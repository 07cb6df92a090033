// The page's consent question (a `.sm` sidecar write the server refused with 412 confirm-required): a modal
// dialog outside the app's tree, so any view can ask. Focus is trapped in it, Escape cancels, and focus
// returns to where it was. The rest of the page is inert while it is open.
import { useEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiError } from '../api/client';
import { trapTab } from './trap-tab';
import '../styles/consent-dialog.css';

export type ConsentAnswer = 'once' | 'always' | null;

interface DialogProps {
  question: string;
  onAnswer: (answer: ConsentAnswer) => void;
}

function ConsentDialog({ question, onAnswer }: DialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.querySelector<HTMLButtonElement>('button[data-answer="once"]')?.focus();
  }, []);
  const onKeyDown = (e: React.KeyboardEvent<HTMLDivElement>): void => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onAnswer(null);
      return;
    }
    trapTab(e);
  };
  return (
    <div className="consent-backdrop" onMouseDown={(e) => e.target === e.currentTarget && e.preventDefault()}>
      <div
        ref={ref}
        className="consent-dialog"
        role="dialog"
        aria-modal="true"
        aria-label="Consent"
        aria-describedby="consent-question"
        onKeyDown={onKeyDown}
      >
        <h2 className="consent-title">Consent needed</h2>
        <p id="consent-question" className="consent-question">
          {question}
        </p>
        <div className="consent-actions">
          <button
            type="button"
            data-answer="once"
            className="button-primary"
            onClick={() => onAnswer('once')}
          >
            Allow once
          </button>
          <button type="button" data-answer="always" onClick={() => onAnswer('always')}>
            Always allow
          </button>
          <button type="button" data-answer="cancel" onClick={() => onAnswer(null)}>
            Cancel
          </button>
        </div>
      </div>
    </div>
  );
}

let pending: Promise<unknown> = Promise.resolve();

/**
 * Asks the person for consent: 'once' (send `confirm: true`), 'always' (send `always: true`, which the server
 * persists as allowEditSmFiles) or null (cancelled). Questions asked while one is open wait their turn.
 */
export function askConsent(question: string): Promise<ConsentAnswer> {
  const next = pending.then(() => showDialog(question));
  pending = next.catch(() => undefined);
  return next;
}

function showDialog(question: string): Promise<ConsentAnswer> {
  return new Promise((resolve) => {
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const app = document.getElementById('root');
    const host = document.createElement('div');
    host.className = 'consent-host';
    document.body.appendChild(host);
    if (app !== null) app.inert = true;
    const root = createRoot(host);
    const onAnswer = (answer: ConsentAnswer): void => {
      root.unmount();
      host.remove();
      if (app !== null) app.inert = false;
      if (returnTo?.isConnected === true) returnTo.focus();
      resolve(answer);
    };
    root.render(<ConsentDialog question={question} onAnswer={onAnswer} />);
  });
}

/** The consent flags a sidecar-writing route accepts. */
export type ConsentFlags = { confirm?: true; always?: true };

/**
 * Runs a sidecar-writing request; when the server answers 412 confirm-required, asks `question` and sends it
 * again with `confirm: true` ("Allow once") or `always: true` ("Always allow"). Resolves 'cancelled' when the
 * person declines; any other refusal is thrown as the ApiError it is.
 */
export async function withConsent<T>(
  question: string,
  send: (consent: ConsentFlags) => Promise<T>,
): Promise<{ done: true; value: T } | { done: false }> {
  try {
    return { done: true, value: await send({}) };
  } catch (err) {
    if (!(err instanceof ApiError) || err.code !== 'confirm-required') throw err;
  }
  const answer = await askConsent(question);
  if (answer === null) return { done: false };
  return { done: true, value: await send(answer === 'once' ? { confirm: true } : { always: true }) };
}
