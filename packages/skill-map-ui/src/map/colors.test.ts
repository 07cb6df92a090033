import { afterEach, describe, expect, it } from 'vitest';
import { kindColor, kindLabel, setKindRegistry } from './colors';

afterEach(() => setKindRegistry({}));

describe('kind colours', () => {
  it('draws a kind as the server kindRegistry declares it, with the built-in palette as fallback', () => {
    expect(kindColor('skill', 'light')).toBe('#2f6fdb');
    expect(kindLabel('notebook')).toBe('notebook');
    const fallback = kindColor('notebook', 'dark');
    setKindRegistry({
      notebook: { providerId: 'acme/notes', label: 'Notebooks', color: '#112233', colorDark: '#445566' },
      skill: { providerId: 'claude', label: 'Skills', color: '#000001' },
    });
    expect(kindColor('notebook', 'light')).toBe('#112233');
    expect(kindColor('notebook', 'dark')).toBe('#445566');
    expect(kindColor('notebook', 'dark')).not.toBe(fallback);
    expect(kindLabel('notebook')).toBe('Notebooks');
    // No dark variant: the base colour in both themes.
    expect(kindColor('skill', 'dark')).toBe('#000001');
    // Not an own property of the registry: the palette.
    expect(kindColor('constructor', 'light')).toMatch(/^#[0-9a-f]{6}$/);
  });
});
