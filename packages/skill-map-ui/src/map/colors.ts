// Colours of the map, per theme. Kinds fill the node, hosts ring it, issues add an outer ring; ghost nodes
// (broken targets) and virtual / reserved targets are hollow rings in their state colour.
import type { KindRegistryEntry, MapLinkState } from '../api/types';

export type Theme = 'light' | 'dark';

export interface Palette {
  bg: string;
  label: string;
  dim: string;
  dimEdge: string;
  selected: string;
  cluster: string;
  clusterLabel: string;
  error: string;
  warn: string;
  /** The ring of a node that ran and the spawn edges (live activity). */
  activity: string;
  spawn: string;
  state: Record<Exclude<MapLinkState, 'ok'>, string>;
}

const KIND: Record<string, [string, string]> = {
  skill: ['#2f6fdb', '#6ea8ff'],
  agent: ['#8e44ad', '#c08af0'],
  command: ['#0e8a7e', '#3fd0bf'],
  workflow: ['#b5651d', '#f0a35e'],
  rule: ['#5d6d7e', '#aab7c4'],
  mcp: ['#00838f', '#4dd0e1'],
  markdown: ['#7b8794', '#8d99a6'],
};
const EXTRA: [string, string][] = [
  ['#a0406d', '#f08cbc'],
  ['#4a7c1f', '#9ad065'],
  ['#6a5acd', '#a99cff'],
  ['#946200', '#e0b050'],
];
const HOST: [string, string][] = [
  ['#1f4e9c', '#93c5fd'],
  ['#0f766e', '#5eead4'],
  ['#7e22ce', '#d8b4fe'],
  ['#334155', '#cbd5e1'],
  ['#15803d', '#86efac'],
  ['#be185d', '#f9a8d4'],
  ['#0369a1', '#7dd3fc'],
];
const LINK: Record<string, [string, string]> = {
  invokes: ['#1d4ed8', '#60a5fa'],
  references: ['#475569', '#94a3b8'],
  mentions: ['#a16207', '#facc15'],
  points: ['#7c3aed', '#c4b5fd'],
};

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

const pick = (pair: [string, string], theme: Theme): string => (theme === 'light' ? pair[0] : pair[1]);

/** The server's `kindRegistry` (set when the map loads): a provider's kind is drawn as it declares, no page change. */
let kindRegistry: Readonly<Record<string, KindRegistryEntry>> = {};

export function setKindRegistry(registry: Readonly<Record<string, KindRegistryEntry>>): void {
  kindRegistry = registry;
}

const declared = (kind: string): KindRegistryEntry | undefined =>
  Object.hasOwn(kindRegistry, kind) ? kindRegistry[kind] : undefined;

/** A kind's colour: the registry's (its dark variant in the dark theme), else the built-in palette. */
export function kindColor(kind: string, theme: Theme): string {
  const entry = declared(kind);
  if (entry !== undefined) return theme === 'light' ? entry.color : (entry.colorDark ?? entry.color);
  const builtIn = Object.hasOwn(KIND, kind) ? KIND[kind] : undefined;
  return pick(builtIn ?? (EXTRA[hash(kind) % EXTRA.length] as [string, string]), theme);
}

/** A kind's label for groups (`Skills`): the registry's, else the kind itself. */
export function kindLabel(kind: string): string {
  return declared(kind)?.label ?? kind;
}

/** Hosts get palette slots in the order of the sorted host list, so colours are stable for a project. */
export function hostColor(host: string, hosts: readonly string[], theme: Theme): string {
  const i = hosts.indexOf(host);
  return pick(HOST[(i < 0 ? hash(host) : i) % HOST.length] as [string, string], theme);
}

export function linkColor(kind: string, theme: Theme): string {
  return pick(LINK[kind] ?? (LINK['references'] as [string, string]), theme);
}

export const KIND_ORDER = Object.keys(KIND);
export const LINK_ORDER = Object.keys(LINK);

export function palette(theme: Theme): Palette {
  return theme === 'light'
    ? {
        bg: '#ffffff',
        label: '#1b1f24',
        dim: '#dde1e6',
        dimEdge: 'rgba(120,130,140,0.08)',
        selected: '#0a5fd1',
        cluster: 'rgba(60,80,110,',
        clusterLabel: '#3d4650',
        error: '#d92d20',
        warn: '#dc8a00',
        activity: '#2f9e44',
        spawn: '#2b8a3e',
        state: { broken: '#d6336c', reserved: '#e8590c', virtual: '#0b7285' },
      }
    : {
        bg: '#0f1216',
        label: '#e6e9ed',
        dim: '#2a3038',
        dimEdge: 'rgba(160,170,180,0.07)',
        selected: '#79b8ff',
        cluster: 'rgba(170,190,220,',
        clusterLabel: '#b7c0ca',
        error: '#ff6b6b',
        warn: '#f5c04a',
        activity: '#8ce99a',
        spawn: '#69db7c',
        state: { broken: '#ff6b9d', reserved: '#ff9e5e', virtual: '#3bc9db' },
      };
}

/** `#rrggbb` with an alpha, as rgba(). */
export function withAlpha(hex: string, alpha: number): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255},${(n >> 8) & 255},${n & 255},${alpha.toFixed(3)})`;
}

export function currentTheme(): Theme {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches
    ? 'dark'
    : 'light';
}
