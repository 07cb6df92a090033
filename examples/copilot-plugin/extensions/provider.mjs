// Provider: which files are Copilot's, and what they are. Called once per candidate file with its
// project-relative POSIX path; answer one of the kinds declared below, or null to leave the file to others.
const INSTRUCTIONS = /(^|\/)\.github\/copilot-instructions\.md$/;
const SCOPED_INSTRUCTIONS = /(^|\/)\.github\/instructions\/[^/]+\.instructions\.md$/;
const PROMPT = /(^|\/)\.github\/prompts\/[^/]+\.prompt\.md$/;

export default {
  kind: 'provider',
  id: 'copilot',
  version: '1.0.0',
  description: 'GitHub Copilot custom instructions (rules) and prompt files (commands).',
  kinds: ['rule', 'command'],
  classify(path) {
    if (INSTRUCTIONS.test(path) || SCOPED_INSTRUCTIONS.test(path)) return 'rule';
    if (PROMPT.test(path)) return 'command';
    return null;
  },
};
