// Stand-in for PANEL's `askConsent` (components/ConsentDialog.tsx) with the same signature; deleted when the
// node panel is merged and the issues view imports the real dialog.
export function askConsent(question: string): Promise<'once' | 'always' | null> {
  return Promise.resolve(window.confirm(question) ? 'once' : null);
}
