#!/usr/bin/env node
// Puts `sm`, `skillstate` and `skillstate-mcp` on the PATH from a clone: packs the built workspaces, installs the
// packs (and their registry dependencies) into PREFIX/lib/agent-infra, and links the bins into PREFIX/bin.
//
//   npm run install:bins                        # into ~/.local (bins in ~/.local/bin)
//   npm run install:bins -- --prefix /opt/tools
//   npm run install:bins -- --uninstall [--prefix DIR]
//
// Run it again after pulling to upgrade: the new install is built beside the old one and swapped in whole, so
// a failed install leaves the previous one working. better-sqlite3 compiles from source when no prebuilt
// binary can be fetched, which needs a C++ toolchain (Debian: build-essential python3).
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const WORKSPACES = [
  'packages/skill-map-spec',
  'packages/skill-map',
  'packages/skillstate-core',
  'packages/skillstate-mcp',
  'packages/skillstate-cli',
];
const BINS = { sm: '@skill-map/cli', skillstate: '@skillstate/cli', 'skillstate-mcp': '@skillstate/mcp' };
const USAGE = 'usage: node scripts/install-bins.mjs [--prefix DIR] [--uninstall]';

function fail(message) {
  console.error(`install-bins: ${message}`);
  process.exit(2);
}

function parseArgs(argv) {
  const options = { prefix: join(homedir(), '.local'), uninstall: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--uninstall') options.uninstall = true;
    else if (arg === '--prefix' && argv[i + 1] !== undefined) options.prefix = argv[++i];
    else if (arg.startsWith('--prefix=')) options.prefix = arg.slice('--prefix='.length);
    else if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else fail(`unknown argument '${arg}' (${USAGE})`);
  }
  if (options.prefix === '') fail('--prefix needs a folder');
  return { ...options, prefix: resolve(options.prefix) };
}

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (result.status !== 0)
    fail(`${command} ${args.join(' ')} failed in ${cwd} (exit ${result.status ?? result.signal})`);
  return result.stdout;
}

/** Removes our bin links (only links that point into our install), then the install itself. */
function uninstall(prefix, lib) {
  for (const bin of Object.keys(BINS)) {
    const link = join(prefix, 'bin', bin);
    const stat = lstatSync(link, { throwIfNoEntry: false });
    if (
      stat?.isSymbolicLink() &&
      !relative(lib, resolve(join(prefix, 'bin'), readlinkSync(link))).startsWith('..')
    ) {
      rmSync(link);
    }
  }
  rmSync(lib, { recursive: true, force: true });
}

/**
 * better-sqlite3 is the only dependency with an install step (its native addon). The clone already built it for
 * this Node: when the versions match, that addon is reused; otherwise it is fetched prebuilt or compiled.
 */
function installSqlite(dir) {
  const addon = join('build', 'Release', 'better_sqlite3.node');
  const ours = join(REPO, 'node_modules', 'better-sqlite3');
  const theirs = join(dir, 'node_modules', 'better-sqlite3');
  const version = (pkgDir) => JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')).version;
  if (existsSync(join(ours, addon)) && version(ours) === version(theirs)) {
    mkdirSync(join(theirs, 'build', 'Release'), { recursive: true });
    copyFileSync(join(ours, addon), join(theirs, addon));
    return;
  }
  console.log('building better-sqlite3 (compiles from source when no prebuilt binary can be fetched)');
  run('npm', ['rebuild', 'better-sqlite3'], dir);
}

const { prefix, uninstall: removing } = parseArgs(process.argv.slice(2));
const lib = join(prefix, 'lib', 'agent-infra');
if (removing) {
  uninstall(prefix, lib);
  console.log(`removed ${Object.keys(BINS).join(', ')} from ${join(prefix, 'bin')}`);
  process.exit(0);
}

for (const ws of WORKSPACES) {
  if (!existsSync(join(REPO, ws, 'dist'))) fail(`${ws} is not built: run \`npm run build\` first`);
}
for (const bin of Object.keys(BINS)) {
  const link = join(prefix, 'bin', bin);
  const stat = lstatSync(link, { throwIfNoEntry: false });
  if (stat !== undefined && !stat.isSymbolicLink())
    fail(`${link} exists and is not a link of ours: not replacing it`);
}

// Build the new install beside the old one, then swap it in.
const next = `${lib}.next-${process.pid}`;
rmSync(next, { recursive: true, force: true });
mkdirSync(join(next, 'packs'), { recursive: true });
const dependencies = {};
for (const ws of WORKSPACES) {
  const pkg = JSON.parse(readFileSync(join(REPO, ws, 'package.json'), 'utf8'));
  const packed = JSON.parse(
    run('npm', ['pack', '--json', '--pack-destination', join(next, 'packs')], join(REPO, ws)),
  );
  dependencies[pkg.name] = `file:packs/${packed[0].filename}`;
}
writeFileSync(
  join(next, 'package.json'),
  `${JSON.stringify({ name: 'agent-infra-bins', private: true, dependencies }, null, 2)}\n`,
);
run(
  'npm',
  ['install', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--no-package-lock'],
  next,
);
installSqlite(next);
for (const [bin, pkg] of Object.entries(BINS)) {
  if (!existsSync(join(next, 'node_modules', '.bin', bin))) fail(`${pkg} installed without its ${bin} bin`);
}
rmSync(lib, { recursive: true, force: true });
renameSync(next, lib);

mkdirSync(join(prefix, 'bin'), { recursive: true });
for (const bin of Object.keys(BINS)) {
  const link = join(prefix, 'bin', bin);
  rmSync(link, { force: true });
  symlinkSync(relative(join(prefix, 'bin'), join(lib, 'node_modules', '.bin', bin)), link);
}
console.log(`installed ${Object.keys(BINS).join(', ')} into ${join(prefix, 'bin')}`);
const onPath = (process.env.PATH ?? '').split(':').includes(join(prefix, 'bin'));
if (!onPath) console.log(`add it to your PATH: export PATH="${join(prefix, 'bin')}:$PATH"`);
