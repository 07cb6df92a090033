// A drop-in plugin's probabilistic analyzer (a finder): no code runs for it, ever. Its module only declares
// `mode: 'probabilistic'` and `probExpectedDurationSeconds`; its prompt and its report contract are two files read
// here, once the plugin is trusted: `prompt.md` (one `{{userContent}}` seam) and `report.schema.json`, which must
// point at the findings envelope with a `$ref`. Both sit beside the module unless the module names other files.
import { readFileSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { FindingsReportSchema } from '@skill-map/spec';
import type { Ajv2020 as Ajv2020Type } from 'ajv/dist/2020.js';
import { PluginLoadError } from './plugin-errors.js';
import { isRecord } from './export-values.js';

/** The `$id` of the findings envelope a finder's report schema must reference. */
export const FINDINGS_ENVELOPE_ID = FindingsReportSchema.$id;

/** What the job engine needs of a drop-in finder: its prompt template, its report contract and how long it runs. */
export interface ProbabilisticAnalyzerImpl {
  readonly template: string;
  readonly reportSchema: Readonly<Record<string, unknown>>;
  /** The module's advisory `probExpectedDurationSeconds`. */
  readonly expectedSeconds: number;
}

const SEAM = '{{userContent}}';
const MAX_PROMPT_BYTES = 256 * 1024;
const MAX_SCHEMA_BYTES = 256 * 1024;

/** A file of the plugin, refused when it (symlinks resolved) leaves the plugin folder. */
function readInside(dir: string, file: string, id: string, max: number): string {
  const where = relative(dir, file);
  let real: string;
  try {
    real = realpathSync(file);
  } catch {
    throw new PluginLoadError(`probabilistic analyzer '${id}' has no ${where}`);
  }
  const rel = relative(realpathSync(dir), real);
  // Security: a plugin names its own files; a path out of its folder would read the project's other files.
  if (rel.startsWith('..') || isAbsolute(rel))
    throw new PluginLoadError(`probabilistic analyzer '${id}': ${where} is outside the plugin folder`);
  const text = readFileSync(real, 'utf8');
  if (Buffer.byteLength(text) > max)
    throw new PluginLoadError(`probabilistic analyzer '${id}': ${where} is over ${max / 1024} KiB`);
  return text;
}

/** The file a module field names (relative to the plugin folder), else `fallback` beside the module. */
function fileOf(dir: string, entry: string, named: unknown, fallback: string, id: string): string {
  if (named === undefined) return join(dir, dirname(entry), fallback);
  if (typeof named !== 'string' || named === '')
    throw new PluginLoadError(`probabilistic analyzer '${id}': a file name must be a non-empty string`);
  return resolve(dir, named);
}

function checkTemplate(template: string, id: string): void {
  const seams = template.split(SEAM).length - 1;
  if (seams !== 1)
    throw new PluginLoadError(
      `probabilistic analyzer '${id}': prompt.md needs exactly one ${SEAM} seam (found ${seams})`,
    );
  if (/<\s*\/?\s*user-content/i.test(template))
    throw new PluginLoadError(
      `probabilistic analyzer '${id}': prompt.md may not write a <user-content> tag (skill-map places the node there)`,
    );
}

/** True when the schema points at the findings envelope: its own `$ref`, or one of its `allOf` entries'. */
function extendsEnvelope(schema: Record<string, unknown>): boolean {
  if (schema['$ref'] === FINDINGS_ENVELOPE_ID) return true;
  const all = schema['allOf'];
  return Array.isArray(all) && all.some((s) => isRecord(s) && s['$ref'] === FINDINGS_ENVELOPE_ID);
}

let ajv: Ajv2020Type | null = null;

/** Compiles the schema with the envelope resolvable (ajv loaded on the first finder only); the error, or null. */
async function compileProblem(schema: Record<string, unknown>): Promise<string | null> {
  if (ajv === null) {
    // ajv is CommonJS: its named export is on the namespace under Node, on `default` once bundled.
    const mod = (await import('ajv/dist/2020.js')) as unknown as {
      Ajv2020?: typeof Ajv2020Type;
      default?: { Ajv2020?: typeof Ajv2020Type };
    };
    const Ajv2020 = mod.Ajv2020 ?? mod.default?.Ajv2020;
    if (Ajv2020 === undefined) throw new Error('ajv has no Ajv2020 export');
    ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false });
    ajv.addSchema(FindingsReportSchema);
  }
  try {
    // A copy without its $id: two plugins (or two versions) may reuse an $id; compiling never registers it.
    const { $id: _id, ...rest } = schema;
    ajv.compile(rest);
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

/**
 * Reads and checks a trusted plugin's probabilistic analyzer: the module's fields (`probExpectedDurationSeconds`,
 * optional `prompt` / `reportSchema` file names, no `evaluate`), its prompt and its report schema. Throws
 * PluginLoadError naming the problem (the plugin becomes `load-error`).
 */
export async function readProbabilisticAnalyzer(
  dir: string,
  entry: string,
  id: string,
  fields: Readonly<Record<string, unknown>>,
  functions: readonly string[],
): Promise<ProbabilisticAnalyzerImpl> {
  if (functions.includes('evaluate'))
    throw new PluginLoadError(
      `probabilistic analyzer '${id}' has an evaluate(): a finder's work is a job an agent does, not code`,
    );
  const seconds = fields['probExpectedDurationSeconds'];
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0)
    throw new PluginLoadError(
      `probabilistic analyzer '${id}' needs probExpectedDurationSeconds (a positive number of seconds)`,
    );
  const template = readInside(
    dir,
    fileOf(dir, entry, fields['prompt'], 'prompt.md', id),
    id,
    MAX_PROMPT_BYTES,
  );
  checkTemplate(template, id);
  const schemaFile = fileOf(dir, entry, fields['reportSchema'], 'report.schema.json', id);
  let schema: unknown;
  try {
    schema = JSON.parse(readInside(dir, schemaFile, id, MAX_SCHEMA_BYTES));
  } catch (err) {
    if (err instanceof PluginLoadError) throw err;
    throw new PluginLoadError(
      `probabilistic analyzer '${id}': ${relative(dir, schemaFile)} does not parse: ${(err as Error).message}`,
    );
  }
  if (!isRecord(schema))
    throw new PluginLoadError(`probabilistic analyzer '${id}': its report schema must be a JSON object`);
  if (!extendsEnvelope(schema))
    throw new PluginLoadError(
      `probabilistic analyzer '${id}': its report schema must extend the findings envelope ` +
        `({"allOf": [{"$ref": "${FINDINGS_ENVELOPE_ID}"}]})`,
    );
  const problem = await compileProblem(schema);
  if (problem !== null)
    throw new PluginLoadError(
      `probabilistic analyzer '${id}': its report schema does not compile: ${problem}`,
    );
  return { template, reportSchema: schema, expectedSeconds: seconds };
}
