/** Spec §9: opacity is scroll offset × 0.3 / 100, capped at 0.85 while it increases. */
export const OPACITY_CAP = 0.85;
/** Spec §2/§9: the header turns sticky above this opacity. */
export const STICKY_THRESHOLD = 0.5;

export function nextHeaderOpacity(scrollY: number, previous: number): number {
  const raw = (Math.max(0, scrollY) * 0.3) / 100;
  return raw > previous ? Math.min(raw, OPACITY_CAP) : raw;
}

export function isHeaderSticky(opacity: number): boolean {
  return opacity > STICKY_THRESHOLD;
}
