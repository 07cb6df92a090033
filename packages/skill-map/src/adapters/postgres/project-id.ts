// A project's stable id in a shared database: `projectId` of the committed .skill-map/settings.json, so every
// clone of one repository is the same project there (the path is not: two clones live in two folders). Drawn
// once, on the first write into such a database, through the settings writer (atomic, schema-checked).
import { randomUUID } from 'node:crypto';
import { setConfigValue } from '../config/config-write.js';
import { loadConfig } from '../config/layered-config.js';

/** The project's id, drawn and written into .skill-map/settings.json when it has none yet. */
export function ensureProjectId(projectRoot: string): { id: string; created: boolean } {
  const present = loadConfig({ projectRoot }).merged['projectId'];
  if (typeof present === 'string' && present !== '') return { id: present, created: false };
  const id = randomUUID();
  setConfigValue({ projectRoot, key: 'projectId', value: id, layer: 'project' });
  return { id, created: true };
}

/** The project's id if it has one (a read never writes). */
export function projectIdOf(projectRoot: string): string | null {
  const present = loadConfig({ projectRoot }).merged['projectId'];
  return typeof present === 'string' && present !== '' ? present : null;
}
