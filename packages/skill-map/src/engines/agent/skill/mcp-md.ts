// The MCP reference of the sm-process-jobs skill.
export const MCP_MD = `# skill-map over MCP

The server is \`http://<host>:<port>/mcp\` with host and port from \`.skill-map/serve.json\` (default
\`http://127.0.0.1:4242/mcp\`), available while \`sm serve\` runs with MCP enabled. Refusals of bad input come back
as invalid-params errors whose data names the problem; business outcomes (duplicate, nonce mismatch, ...) are
normal results with an \`outcome\` field.

## The processing loop

- \`claim_job {wait?: seconds, filter?: extension id, runner?: "agent"}\` → \`{id, nonce, content}\` or \`null\`
  (empty queue). With \`wait\` (at most 3600) the server holds the call until a job is claimable or the time is up;
  it sends progress notifications while parked when your client asked for progress. Codex: \`tool_timeout_sec\` of
  the skill-map server must be at least \`wait\`. This is the ONLY call that returns a nonce; never repeat it to
  the user.
- \`record_job {id, nonce, status: "completed"|"failed", report?: string, failureReason?, model?, tokensIn?,
  tokensOut?, durationMs?}\`. \`report\` is your JSON report serialized as a STRING (required for completed).
  Outcomes: \`completed {executionId}\`; \`report-invalid {detail}\` (the report broke the contract: the job is now
  failed, do not retry it); \`nonce-mismatch\` (nothing changed: check id and nonce); \`not-running {status}\` (it was
  cancelled or expired: move on); \`not-found\`.
- After a fixer edit, run \`SM_AGENT=1 sm scan --changed\` in the shell (or let a watching \`sm serve\` pick it up).

## The queue

- \`list_extensions {}\` → \`{extensions: [{id, kind, role, description, analyzerIds?}]}\`: what can be submitted.
- \`list_jobs {status?, extension?, node?}\` → \`{items}\` newest first (no nonces).
- \`get_job {id}\` → \`{item}\`.
- \`submit_job {node, extension, autoFix?, findingIds?, force?, ttl?, priority?}\` → \`created {jobId, nodePath,
  supersededIds}\` or \`duplicate\` / \`job-running\` / \`drift\` / \`unreadable\` / \`no-findings\`. Only when the user
  asks. \`findingIds\` narrows a fixer to some open findings; \`autoFix\` queues the fixers after a finder completes.
- \`cancel_job {id}\`, \`fail_job {id}\` → \`cancelled\` / \`failed\` / \`already-terminal\` / \`not-found\`.

## Findings

- \`list_findings {node?, extension?, includeStale?}\` → \`{findings}\` (omit \`node\` for the whole project).
- \`resolve_finding {id, note?}\`, \`reopen_finding {id}\`, \`dismiss_finding {id, note?}\`: database only.
- \`dismiss_finding {id, class: true, confirm?, always?}\`, \`undismiss_finding {node, extension, type?, confirm?,
  always?}\`, \`delete_finding {id, confirm?, always?}\`: may write the node's \`.sm\` sidecar.

## Issue suppressions (deterministic issues)

- \`list_issues {...}\` shows the current issues; \`list_issue_suppressions {node?}\` the suppressions.
- \`dismiss_issue {node, analyzer, value, note?, confirm?, always?}\`, \`undismiss_issue {node, analyzer, value,
  confirm?, always?}\`: write the node's \`.sm\` sidecar.

Sidecar writes need consent: the project setting \`allowEditSmFiles\`, or \`confirm: true\` for one write (\`always:
true\` also stores the setting). A refusal names \`allowEditSmFiles\`; ask the user before confirming. A team policy
\`allowSidecarWriters: false\` cannot be overridden.
`;
