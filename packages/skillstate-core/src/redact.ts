/** What a redacted secret is replaced with. */
export const REDACTED = '[REDACTED]';

const PEM_BEGIN = '-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----';
const PEM_END = '-----END [A-Z0-9 ]*PRIVATE KEY-----';
/** Characters that continue a token; a match must not be followed by one (it would be a longer word). */
const TOKEN_END = '(?![A-Za-z0-9_-])';

// Applied in this order, each globally, to one string at a time (never to serialised JSON, where a pattern
// could span two values and swallow the text between them). Security: fail closed, so anything
// credential-shaped is removed before it leaves the process, at the price of rare false positives such as
// `sk-learn`; shapes that ordinary text also has (40 hex digits, UUIDs) are only redacted next to a key name.
const PATTERNS: ReadonlyArray<readonly [RegExp, string]> = [
  // A whole PEM private key, then a key whose END marker is missing (to the end of the string), then the tail
  // of a key whose BEGIN marker is in another string (from the start of this one).
  [new RegExp(`${PEM_BEGIN}[\\s\\S]*?${PEM_END}`, 'g'), REDACTED],
  [new RegExp(`${PEM_BEGIN}[\\s\\S]*$`, 'g'), REDACTED],
  [new RegExp(`^[\\s\\S]*?${PEM_END}`, 'g'), REDACTED],
  // AWS: access key ids (long-term AKIA, temporary ASIA), and a secret key written next to its name.
  [/\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g, REDACTED],
  [
    /\b(aws_?secret_?access_?key|secret_?access_?key)(["']?\s*[:=]\s*["']?)[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+])/gi,
    `$1$2${REDACTED}`,
  ],
  // GitHub: classic and fine-grained personal, OAuth, user-to-server, server-to-server and refresh tokens.
  [new RegExp(`\\bgithub_pat_[A-Za-z0-9_]{20,}${TOKEN_END}`, 'g'), REDACTED],
  [/\bgh[pousr]_[A-Za-z0-9_]+/g, REDACTED],
  // Slack bot, user, app-level, refresh and legacy workspace tokens.
  [new RegExp(`\\bxox[abeprs]-[A-Za-z0-9-]{8,}${TOKEN_END}`, 'g'), REDACTED],
  // Google API keys.
  [new RegExp(`\\bAIza[0-9A-Za-z_-]{35}${TOKEN_END}`, 'g'), REDACTED],
  // JSON Web Tokens: three base64url segments, the header starting `{"` (eyJ).
  [/\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, REDACTED],
  [/\bsk-[A-Za-z0-9_-]+/g, REDACTED],
  [/Bearer\s+[A-Za-z0-9\-._~+/=]{8,}/g, `Bearer ${REDACTED}`],
];

/** Key names whose string value is a secret whatever it looks like (compared without `_`/`-`, any case). */
const SECRET_KEYS: ReadonlySet<string> = new Set(['awssecretaccesskey', 'secretaccesskey']);

/**
 * Scrubs credential-shaped substrings (PEM private keys, AWS key ids and secret keys written next to their
 * name, GitHub, Slack and Google API tokens, JWTs, `sk-` keys, bearer tokens) from one piece of text that is
 * about to leave the process or be stored. For structured data use {@link redactValue}: this function treats
 * its input as one opaque string.
 */
export function redactSecrets(text: string): string {
  let out = text;
  for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

function isSecretKey(key: string): boolean {
  return SECRET_KEYS.has(key.replace(/[-_]/g, '').toLowerCase());
}

function defineEntry(target: Record<string, unknown>, key: string, value: unknown): void {
  // defineProperty, not assignment: a `__proto__` key stays an ordinary own key.
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A redacted key that no other key of the object already has (two secrets never collapse into one field). */
function uniqueKey(target: Record<string, unknown>, key: string): string {
  let candidate = key;
  for (let n = 2; Object.prototype.hasOwnProperty.call(target, candidate); n += 1) candidate = `${key}#${n}`;
  return candidate;
}

/**
 * Returns a copy of a JSON value with every string leaf, and every object key, scrubbed by
 * {@link redactSecrets}; a string under a secret-naming key (`aws_secret_access_key`) is replaced whole.
 * Numbers, booleans and null are kept, and so is every field: the result serialises to valid JSON with the
 * same structure as the input. Security: this is what makes redaction safe for JSON documents.
 */
export function redactValue(value: unknown): unknown {
  if (typeof value === 'string') return redactSecrets(value);
  if (Array.isArray(value)) return value.map((item) => redactValue(item));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const name = uniqueKey(out, redactSecrets(key));
    const redacted =
      typeof item === 'string' && item !== '' && isSecretKey(key) ? REDACTED : redactValue(item);
    defineEntry(out, name, redacted);
  }
  return out;
}

/** Whether what is written to disk is redacted (the default) or kept as given. */
export interface StoragePolicy {
  /**
   * True keeps credential-shaped strings in clear in the files written (state, checkpoints, baseline, session
   * sidecar). Off unless a user turns it on deliberately (`SKILLSTATE_KEEP_SECRETS=1` for the server).
   */
  keepSecrets?: boolean;
}

/**
 * The form of a JSON value that is written to disk: {@link redactValue} of it, unless the policy keeps secrets.
 * Security: redaction on write means a token an agent patched into its state never reaches the file (and so
 * never a commit or a backup); redacting an already redacted value changes nothing.
 */
export function storedForm<T>(value: T, policy: StoragePolicy = {}): T {
  return policy.keepSecrets === true ? value : (redactValue(value) as T);
}
