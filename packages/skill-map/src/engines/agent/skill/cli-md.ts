// The CLI reference of the sm-process-jobs skill.
export const CLI_MD = `# skill-map from the shell (\`sm\`)

Run every command from the project root. Add \`--json\` to get only JSON on stdout. Exit codes: 0 ok, 1 empty
queue (or claim timeout), 2 operational error (drift, consent needed, wrong state), 3 duplicate submit,
4 nonce mismatch, 5 not found.

## The processing loop

\`\`\`sh
sm jobs claim --wait --json              # blocks until a job is claimable; prints {"id","nonce","content"}
sm jobs claim --wait --timeout 540 --json  # give up after 540 s (exit 1): use it under a shell time limit
sm jobs claim --json                     # one attempt; exit 1 when the queue is empty
sm jobs claim --filter ai-security-analyzer --json   # only jobs of one extension
\`\`\`

Record the report from stdin (keep the JSON out of the chat; the nonce never appears in your messages):

\`\`\`sh
sm record <id> --nonce <nonce> --status completed --report - <<'REPORT'
{"confidence": 0.8, "safety": {"injectionDetected": false, "contentQuality": "clean"}, "findings": []}
REPORT
\`\`\`

\`--report <file>\` reads a file instead. Optional: \`--model <name>\`, \`--tokens-in <n>\`, \`--tokens-out <n>\`,
\`--duration-ms <n>\`. If you cannot do the job: \`sm record <id> --nonce <nonce> --status failed\`. A nonce mismatch
(exit 4) changes nothing: re-check the id and nonce of the claim. "not in running state" (exit 2) means the job
was cancelled or expired meanwhile: drop it and claim the next one.

After a fixer edited a file: \`SM_AGENT=1 sm scan --changed\`.

## The queue

\`\`\`sh
sm jobs extensions                       # the enabled extensions you can submit (ids, roles)
sm jobs list [--status queued|running|completed|failed|cancelled] [--extension <id>] [--node <path>]
sm jobs show <id>                        # one job (no nonce)
sm jobs submit <extension> -n <node> [--auto-fix] [--finding <id,...>] [--force] [--ttl <s>] [--priority <n>]
sm jobs preview <extension> -n <node>    # the rendered content, nothing queued
sm jobs cancel <id>                      # queued/running → cancelled
sm jobs fail <id>                        # queued/running → failed (user-failed)
sm jobs prune [--status <s>]             # clear old terminal jobs
\`\`\`

Only submit when the user asks. Extension ids are qualified (\`core/ai-security-analyzer\`) or bare
(\`ai-security-analyzer\`).

## Findings (what finders recorded)

\`\`\`sh
sm findings [list] [<node>] [--extension <id>] [--stale] [--dismissed] [--fixed]
sm findings resolve <id> [--note <text>]   # mark fixed (by a person)
sm findings dismiss <id> [--note <text>]   # hide this one finding
sm findings dismiss <id> --class [--yes]   # suppress the whole class on that node (writes its .sm sidecar)
sm findings reopen <id>
sm findings undismiss <node> <extension> [--type <type>] [--yes]
sm findings delete <id> [--yes]
\`\`\`

## Issue suppressions (deterministic issues, \`sm check\`)

\`\`\`sh
sm check                                  # current issues
sm issues dismiss <node> <analyzer> <value> [--note <text>] [--yes]
sm issues undismiss <node> <analyzer> <value> [--yes]
sm issues suppressions [<node>]
\`\`\`

Sidecar writes (\`--class\`, \`undismiss\`, \`delete\` of a suppressed class, issue dismissals) need consent: the
project setting \`allowEditSmFiles\`, or \`--yes\` for one write. Ask the user before passing \`--yes\`.
`;
