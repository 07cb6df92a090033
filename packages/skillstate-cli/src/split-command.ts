import { CliError } from './errors.js';

/**
 * Splits a command line the way a POSIX shell would for plain words: whitespace separates words, single
 * quotes keep everything literally, double quotes keep whitespace and honour `\"` `\\` `\$` `` \` ``, and a
 * backslash outside quotes escapes the next character. No expansion of any kind happens.
 */
export function splitCommand(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < line.length; i++) {
    const ch = line.charAt(i);
    if (quote === "'") {
      if (ch === "'") quote = undefined;
      else word += ch;
    } else if (quote === '"') {
      if (ch === '"') quote = undefined;
      else if (ch === '\\' && i + 1 < line.length && '"\\$`'.includes(line.charAt(i + 1)))
        word += line.charAt(++i);
      else word += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      inWord = true;
    } else if (ch === '\\') {
      if (i + 1 >= line.length) throw new CliError('USAGE', '--command ends with a lone backslash');
      word += line.charAt(++i);
      inWord = true;
    } else if (/\s/.test(ch)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += ch;
      inWord = true;
    }
  }
  if (quote !== undefined) throw new CliError('USAGE', `--command has an unterminated ${quote} quote`);
  if (inWord) words.push(word);
  if (words.length === 0) throw new CliError('USAGE', '--command needs a command to run');
  return words;
}
