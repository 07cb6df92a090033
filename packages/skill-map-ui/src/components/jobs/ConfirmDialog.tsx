import { useEffect, useRef } from 'react';
import { trapTab } from '../trap-tab';

interface Props {
  question: string;
  confirmLabel: string;
  onAnswer: (yes: boolean) => void;
}

/** A modal yes/no question (role=dialog "Confirm"): focus starts on Cancel, Escape cancels. */
export function ConfirmDialog({ question, confirmLabel, onAnswer }: Props) {
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    cancel.current?.focus();
    return () => previous?.focus();
  }, []);
  return (
    <div className="views-modal-backdrop">
      <div
        role="dialog"
        aria-modal="true"
        aria-label="Confirm"
        className="views-modal"
        onKeyDown={(e) => {
          trapTab(e);
          if (e.key === 'Escape') {
            e.stopPropagation();
            onAnswer(false);
          }
        }}
      >
        <p>{question}</p>
        <div className="views-modal-actions">
          <button type="button" ref={cancel} onClick={() => onAnswer(false)}>
            Cancel
          </button>
          <button type="button" className="danger" onClick={() => onAnswer(true)}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
