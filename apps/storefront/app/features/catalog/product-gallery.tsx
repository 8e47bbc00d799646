import { useState } from 'react';
import { ResponsiveImage } from '../../components/ui/responsive-image.tsx';
import type { GalleryImage } from './product-detail.ts';

/**
 * The main image: the thumbnail the shopper picked (-1: none), else the chosen size's own picture,
 * else the product's first image (decision 0043).
 */
export const shownImage = (
  images: GalleryImage[],
  picked: number,
  sizeImage: GalleryImage | null | undefined,
): GalleryImage | undefined => images[picked] ?? sizeImage ?? images[0];

/**
 * The main image, and thumbnails to switch it when the product has several. The page gives it a new
 * key when the size changes, so choosing a size shows that size's picture again.
 */
export function ProductGallery({
  images,
  sizeImage,
}: {
  images: GalleryImage[];
  sizeImage?: GalleryImage | null | undefined;
}) {
  const [picked, setPicked] = useState(-1);
  const current = shownImage(images, picked, sizeImage);
  return (
    <div className="gallery" data-testid="product-gallery">
      <div className="product__media">
        {current ? (
          <ResponsiveImage
            // A new element per image: the browser must not show the old one while the new loads.
            key={current.id}
            image={current}
            alt={current.alt}
            sizes="(min-width: 1240px) 600px, (min-width: 720px) 50vw, 100vw"
            priority
          />
        ) : (
          <span className="product-card__placeholder" />
        )}
      </div>
      {images.length > 1 ? (
        <ul className="gallery__thumbs" aria-label="Product images">
          {images.map((image, position) => (
            <li key={image.id}>
              <button
                type="button"
                className="gallery__thumb"
                aria-label={`Show image ${position + 1} of ${images.length}: ${image.alt}`}
                aria-pressed={image.id === current?.id}
                onClick={() => setPicked(position)}
              >
                <ResponsiveImage image={image} alt="" sizes="96px" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
