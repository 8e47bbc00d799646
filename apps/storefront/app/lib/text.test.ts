import { describe, expect, it } from 'vitest';
import { truncateAtWord } from './text.ts';

describe('truncateAtWord', () => {
  const excerpt =
    'Low heat, a heavy press and patience. The three rules behind every tray we bake.';

  it('leaves text that fits as it is, spaces tidied', () => {
    expect(truncateAtWord('  Oats,\n honey   and salt. ', 40)).toBe('Oats, honey and salt.');
    expect(truncateAtWord(excerpt, excerpt.length)).toBe(excerpt);
  });

  it('cuts before the word that would not fit, never inside it', () => {
    // "every" runs from character 62 to 66: a plain slice to 61 would have left "e".
    expect(truncateAtWord(excerpt, 62)).toBe(
      'Low heat, a heavy press and patience. The three rules behind…',
    );
    for (let limit = 10; limit < excerpt.length; limit += 1) {
      const cut = truncateAtWord(excerpt, limit);
      const kept = cut.slice(0, -1);
      expect(cut.length).toBeLessThanOrEqual(limit);
      expect(cut.endsWith('…')).toBe(true);
      expect(excerpt.startsWith(kept)).toBe(true);
      expect(excerpt[kept.length]).toMatch(/[ ,.]/);
    }
  });

  it('keeps a word that ends exactly where the room does', () => {
    // "rules" ends at character 53; with the ellipsis that is 54.
    expect(truncateAtWord(excerpt, 54)).toBe(
      'Low heat, a heavy press and patience. The three rules…',
    );
  });

  it('drops punctuation left hanging before the ellipsis', () => {
    expect(truncateAtWord(excerpt, 40)).toBe('Low heat, a heavy press and patience…');
    expect(truncateAtWord(excerpt, 11)).toBe('Low heat…');
  });

  it('cuts a single word longer than the room, the only way it fits', () => {
    expect(truncateAtWord('Supercalifragilistic granola', 8)).toBe('Superca…');
  });
});
