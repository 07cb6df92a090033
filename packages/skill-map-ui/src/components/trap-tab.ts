import type { KeyboardEvent } from 'react';

/** Keeps Tab and Shift+Tab inside a modal dialog: from its last control to its first, and back. */
export function trapTab(e: KeyboardEvent<HTMLElement>): void {
  if (e.key !== 'Tab') return;
  const controls = [
    ...e.currentTarget.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea'),
  ].filter((el) => !el.hasAttribute('disabled'));
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (first === undefined || last === undefined) return;
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}
