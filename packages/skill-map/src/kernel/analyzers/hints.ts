// One-line fix hints of the analyzers that predate `Analyzer.hint` and of the kernel-stamped ids (rule metadata for
// `sm check --list-rules` and SARIF). New analyzers carry their hint themselves.
export const RULE_HINTS: Readonly<Record<string, string>> = {
  'reference-broken':
    'fix the path or name, create the missing file, or list it in ignoredReferences when it is created at run time',
  'name-reserved': 'rename the file: the host runs its built-in instead',
  'name-collision': 'give each node its own name (frontmatter name: or file name)',
  'name-mismatch': "make the skill's name: equal its folder name (or rename the folder)",
  'link-kind-conflict': 'write the reference one way (a link or a mention, not both)',
  'link-self-loop': 'remove the reference to the file itself',
  'reference-redundant': 'reference the target once, in one form',
  'node-stability': 'move the references to the replacement, then delete the deprecated node',
  'annotation-orphan': 'rename the .sm next to its file, or delete it',
  'annotation-field-unknown': 'remove the key, or namespace it (plugin:key)',
  'invalid-sidecar': 'fix the YAML of the .sm file (issueSuppressions entries need analyzer and value)',
  'frontmatter-parse-error': 'fix the YAML at the reported line and column',
  'frontmatter-malformed': 'start the file with --- and close the block with ---',
  'frontmatter-invalid': 'make the frontmatter a mapping of key: value lines',
  'backtick-unbalanced': 'close the code fence or the inline backtick run',
  'content-binary': 'keep binary files out of the scanned folders (or add them to .skillmapignore)',
  'mcp-config-invalid': 'fix the JSON / TOML syntax of the MCP config',
  'schema-violation': 'this is likely a bug in skill-map; report it with the file named',
  'scan-truncated': 'raise scan.maxScan or narrow the scan roots',
  'file-oversized': 'split the file, or raise scan.maxFileSizeBytes',
  'file-unreadable': 'replace the symlink or special file with a regular file, or delete it',
  'file-over-budget': 'shrink the frontmatter or the number of links in the file',
  'analysis-failed': 'this is likely a bug in skill-map; report it with the file named',
  'extension-error':
    'fix the plugin named in data.extension, or switch it off with `sm plugins disable <plugin>`',
  'manifest-invalid': 'fix the JSON syntax of the manifest',
  'settings-invalid': 'fix the JSON syntax of the settings file',
  'secret-in-body': 'revoke the credential, then read it from the environment or a secret store instead',
  'dangerous-command': 'remove the command, or narrow it and say under which condition it may run',
  'host-field-unknown': 'rename the field as the host spells it (the message names a near one), or remove it',
  'host-field-invalid': 'write the value in the type and from the set the host documents',
  'suppression-unused': 'remove the directive (the issue it was for is gone), or fix its rule or line',
  'suppression-invalid':
    'write the directive as `<!-- sm-disable-next-line <rule> -- <reason> -->` with a known rule id',
};
