#!/usr/bin/env node
// The I/O floor of a scan as a whole process: walk the tree, read and sha256-hash every file. Nothing else.
// Prints the counts and the process's CPU time (user + system).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const SKIP = new Set(['.git', 'node_modules', '.skill-map']);
let files = 0;
let bytes = 0;
const visit = (dir) => {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const abs = join(dir, e.name);
    if (e.isDirectory()) {
      if (!SKIP.has(e.name)) visit(abs);
    } else if (e.isFile()) {
      const buf = readFileSync(abs);
      createHash('sha256').update(buf).digest('hex');
      files += 1;
      bytes += buf.length;
    }
  }
};
visit(process.argv[2] ?? '.');
// CPU time of the whole process (start-up included, as for the scan it is compared with), in ms.
const u = process.resourceUsage();
const cpuMs = (u.userCPUTime + u.systemCPUTime) / 1000;
process.stdout.write(`${JSON.stringify({ files, bytes, cpuMs })}\n`);
