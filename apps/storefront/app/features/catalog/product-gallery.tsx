import { useState } from 'react';
import { ResponsiveImage } from '../../components/ui/responsive-image.tsx';
import type { ProductDetailData } from './product-detail.ts';

/** The main image, and thumbnails to switch it when the product has several. */
export function ProductGallery({ images }: { images: ProductDetailData['images'] }) {
  const [index, setIndex] = useState(0);
  const current = images[index] ?? images[0];
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
                aria-pressed={position === index}
                onClick={() => setIndex(position)}
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
