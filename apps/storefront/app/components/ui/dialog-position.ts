/** Spec §9: an anchored dialog stays 50 px inside the window edges and sits 75 px above its anchor. */
export const DIALOG_EDGE_MARGIN = 50;
export const DIALOG_ANCHOR_OFFSET = 75;

export interface Point {
  x: number;
  y: number;
}

export function anchoredPosition(
  anchor: Point,
  size: { width: number; height: number },
  viewport: { width: number; height: number },
): { left: number; top: number } {
  const clamp = (value: number, min: number, max: number) =>
    Math.max(min, Math.min(value, Math.max(min, max)));
  return {
    left: clamp(
      anchor.x - size.width / 2,
      DIALOG_EDGE_MARGIN,
      viewport.width - size.width - DIALOG_EDGE_MARGIN,
    ),
    top: clamp(
      anchor.y - size.height - DIALOG_ANCHOR_OFFSET,
      DIALOG_EDGE_MARGIN,
      viewport.height - size.height - DIALOG_EDGE_MARGIN,
    ),
  };
}
