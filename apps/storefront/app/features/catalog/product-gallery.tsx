import { useState } from 'react';
import type { ProductDetailData } from './product-detail.ts';

/** The main image, and thumbnails to switch it when the product has several. */
export function ProductGallery({ images }: { images: ProductDetailData['images'] }) {
  const [index, setIndex] = useState(0);
  const current = images[index] ?? images[0];
  return (
    <div className="gallery" data-testid="product-gallery">
      <div className="product__media">
        {current ? (
          <img
            src={current.src}
            alt={current.alt}
            width={current.width}
            height={current.height}
            fetchPriority="high"
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
                <img
                  src={image.src}
                  alt=""
                  width={image.width}
                  height={image.height}
                  loading="lazy"
                  decoding="async"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
