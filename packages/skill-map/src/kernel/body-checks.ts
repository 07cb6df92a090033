// Per-file body checks the kernel stamps while analysing a node (issue 11): secrets and dangerous commands. One pass
// of one alternation regex finds candidates; each is then checked in full. Messages never repeat a secret.
import type { Issue } from '@skill-map/spec';
import type { HashFn } from './util/sha256.js';
import type { LineIndex } from './util/line-index.js';

interface SecretRule {
  kind: string;
  re: RegExp;
}

/** Token shapes with a vendor prefix (low false-positive rate), each matched sticky at a candidate. */
const SECRETS: readonly SecretRule[] = [
  { kind: 'aws-access-key', re: /(?:AKIA|ASIA)[0-9A-Z]{16}(?![0-9A-Za-z])/y },
  { kind: 'github-token', re: /gh[pousr]_[A-Za-z0-9]{36,255}(?![A-Za-z0-9_])/y },
  { kind: 'github-token', re: /github_pat_[A-Za-z0-9_]{60,255}/y },
  { kind: 'anthropic-key', re: /sk-ant-[A-Za-z0-9_-]{32,}/y },
  { kind: 'openai-key', re: /sk-(?:proj-|svcacct-)?[A-Za-z0-9_-]{40,}/y },
  { kind: 'slack-token', re: /xox[abpors]-[A-Za-z0-9-]{20,}/y },
  { kind: 'google-api-key', re: /AIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/y },
  { kind: 'stripe-key', re: /[sr]k_live_[0-9A-Za-z]{24,}/y },
  { kind: 'gitlab-token', re: /glpat-[0-9A-Za-z_-]{20,}/y },
  {
    kind: 'private-key',
    re: /-----BEGIN (?:RSA |EC |DSA |OPENSSH |PGP |ENCRYPTED )?PRIVATE KEY(?: BLOCK)?-----/y,
  },
];
const SECRET_CANDIDATE =
  /AKIA|ASIA|gh[pousr]_|github_pat_|sk-|xox[abpors]-|AIza|[sr]k_live_|glpat-|-----BEGIN /g;

/** Placeholders and documentation examples: `EXAMPLE`, `xxxx`, `your-`, or too few distinct characters. */
function placeholder(token: string): boolean {
  if (/EXAMPLE|example|x{6,}|X{6,}|0{8,}|your|YOUR|\.\.\.|<|\*{3,}/.test(token)) return true;
  return new Set(token).size < 10 && !token.startsWith('-----BEGIN');
}

/**
 * A private key header whose body is a placeholder (`...`, `<key>`, `your key here`) or too short to be a key: a
 * real PEM key has hundreds of base64 characters before its END line.
 */
function placeholderKey(text: string, headerEnd: number): boolean {
  const endAt = text.indexOf('-----END', headerEnd);
  const body = text.slice(headerEnd, endAt === -1 ? Math.min(text.length, headerEnd + 400) : endAt);
  if (/\.\.\.|\u2026|<|\[|your|example|placeholder|redacted/i.test(body)) return true;
  return (body.match(/[A-Za-z0-9+/=]/g)?.length ?? 0) < 64;
}

interface DangerRule {
  kind: string;
  severity: Issue['severity'];
  re: RegExp;
  what: string;
}

const DANGERS: readonly DangerRule[] = [
  {
    kind: 'rm-rf-root',
    severity: 'warn',
    re: /(?:sudo\s+)?rm\s+-(?:[a-zA-Z]*r[a-zA-Z]*f|[a-zA-Z]*f[a-zA-Z]*r)[a-zA-Z]*\s+(?:--no-preserve-root\s+)?(?:\/|~\/?|\$HOME\/?|\/\*)(?=[\s`'";|&)]|$)/y,
    what: 'deletes the whole file system or home folder',
  },
  {
    kind: 'fork-bomb',
    severity: 'warn',
    re: /:\(\)\s*\{\s*:\s*\|\s*:\s*&\s*\}\s*;\s*:/y,
    what: 'is a fork bomb',
  },
  { kind: 'mkfs', severity: 'warn', re: /mkfs(?:\.[a-z0-9]+)?\s+\/dev\//y, what: 'formats a disk' },
  {
    kind: 'dd-disk',
    severity: 'warn',
    re: /dd\s+[^\n]*\bof=\/dev\/(?:sd|nvme|disk|hd)/y,
    what: 'overwrites a disk',
  },
  {
    kind: 'pipe-to-shell',
    severity: 'info',
    re: /(?:curl|wget)\b[^\n|`]*\|\s*(?:sudo\s+)?(?:ba|z|k|da)?sh\b/y,
    what: 'runs a downloaded script unseen',
  },
  {
    kind: 'chmod-777',
    severity: 'info',
    re: /chmod\s+(?:-R\s+)?0?777\b/y,
    what: 'makes files writable by everyone',
  },
  {
    kind: 'skip-permissions',
    severity: 'info',
    re: /--dangerously-skip-permissions\b/y,
    what: 'turns off every permission prompt',
  },
];
const DANGER_CANDIDATE = /(?:sudo\s+)?rm\s+-|:\(\)|mkfs|\bdd\s|curl|wget|chmod|--dangerously/g;

/** The line around `offset`, up to it: a warning not to run it ("never", "do not") excuses the command. */
function warnedAgainst(text: string, offset: number): boolean {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /\b(?:never|don'?t|do not|must not|avoid|forbidden|dangerous|refuse|block(?:s|ed)?|deny|denied)\b/i.test(
    text.slice(start, offset),
  );
}

/** Kinds of nodes a host executes as instructions (dangerous commands are checked there only). */
const INSTRUCTION_KINDS = new Set(['agent', 'command', 'skill', 'workflow', 'rule']);

/**
 * The body issues of one node: `secret-in-body` (every kind of node) and `dangerous-command` (agents, commands,
 * skills, workflows, rules). `text` is the analysed view (offsets match `lines`); secrets are looked for in all of
 * it (frontmatter included), commands from `from` (where the body starts).
 */
export function bodyIssues(
  path: string,
  kind: string,
  text: string,
  from: number,
  lines: () => LineIndex,
  hash: HashFn,
): Issue[] {
  const out: Issue[] = [];
  SECRET_CANDIDATE.lastIndex = 0;
  for (let m = SECRET_CANDIDATE.exec(text); m !== null; m = SECRET_CANDIDATE.exec(text)) {
    for (const rule of SECRETS) {
      rule.re.lastIndex = m.index;
      const hit = rule.re.exec(text);
      if (hit === null || placeholder(hit[0])) continue;
      if (rule.kind === 'private-key' && placeholderKey(text, m.index + hit[0].length)) continue;
      const { line, column } = lines().locate(m.index);
      const target = `${rule.kind}:${hash(hit[0]).slice(0, 12)}`;
      out.push({
        analyzerId: 'secret-in-body',
        severity: 'warn',
        nodeIds: [path],
        message: `What looks like a ${rule.kind.replace(/-/g, ' ')} is written in the file (line ${line}); it is not repeated here`,
        fix: { hint: 'revoke the credential, then read it from the environment or a secret store instead' },
        data: { target, kind: rule.kind, line, column },
      });
      SECRET_CANDIDATE.lastIndex = m.index + hit[0].length;
      break;
    }
  }
  if (!INSTRUCTION_KINDS.has(kind)) return out;
  DANGER_CANDIDATE.lastIndex = from;
  for (let m = DANGER_CANDIDATE.exec(text); m !== null; m = DANGER_CANDIDATE.exec(text)) {
    for (const rule of DANGERS) {
      rule.re.lastIndex = m.index;
      const hit = rule.re.exec(text);
      if (hit === null || warnedAgainst(text, m.index)) continue;
      const { line, column } = lines().locate(m.index);
      out.push({
        analyzerId: 'dangerous-command',
        severity: rule.severity,
        nodeIds: [path],
        message: `Line ${line} tells the agent to run \`${hit[0].trim().slice(0, 80)}\`, which ${rule.what}`,
        fix: { hint: 'remove the command, or narrow it and say under which condition it may run' },
        data: { target: rule.kind, kind: rule.kind, line, column },
      });
      DANGER_CANDIDATE.lastIndex = m.index + hit[0].length;
      break;
    }
  }
  return out;
}
