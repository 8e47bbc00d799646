import { describe, expect, it } from 'vitest';
import type { GalleryImage } from './product-detail.ts';
import { shownImage } from './product-gallery.tsx';

const image = (id: number): GalleryImage => ({
  id,
  src: `/wp-content/uploads/${id}.svg`,
  alt: `image ${id}`,
  width: 800,
  height: 800,
});
const images = [image(1), image(2)];

describe('shownImage', () => {
  it("shows the product's first image when no size picture and no thumbnail is chosen", () => {
    expect(shownImage(images, -1, null)?.id).toBe(1);
    expect(shownImage(images, -1, undefined)?.id).toBe(1);
  });

  it("shows the chosen size's own picture over the product's", () => {
    expect(shownImage(images, -1, image(9))?.id).toBe(9);
  });

  it('shows the thumbnail the shopper picked over the size picture', () => {
    expect(shownImage(images, 1, image(9))?.id).toBe(2);
  });

  it('falls back when the picked thumbnail is gone, and shows nothing without images', () => {
    expect(shownImage(images, 5, image(9))?.id).toBe(9);
    expect(shownImage([], -1, null)).toBeUndefined();
  });
});
