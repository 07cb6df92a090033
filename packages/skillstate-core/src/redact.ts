/** What a redacted secret is replaced with. */
export const REDACTED = '[REDACTED]';

// Applied in this order; each is global. Security: fail closed, so anything credential-shaped is removed
// before it leaves the process, at the price of false positives such as `sk-learn`.
const PATTERNS: ReadonlyArray<readonly [RegExp, string]> = [
  [/-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z0-9 ]*PRIVATE KEY-----/g, REDACTED],
  [/\bAKIA[0-9A-Z]{16}\b/g, REDACTED],
  [/\bghp_[A-Za-z0-9_]+/g, REDACTED],
  [/\bsk-[A-Za-z0-9_-]+/g, REDACTED],
  [/Bearer\s+[A-Za-z0-9\-._~+/=]{8,}/g, `Bearer ${REDACTED}`],
];

/**
 * Scrubs credential-shaped substrings (PEM private keys, AWS key ids, GitHub tokens, `sk-` keys, bearer tokens)
 * from text that is about to leave the process. Never applied to what is stored.
 */
export function redactSecrets(text: string): string {
  let out = text;
  for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement);
  return out;
}
