import type { ImageSizes } from '@larder/contract';

/** An image as the shop API describes it: the original, its intrinsic size and its generated widths. */
export interface ResponsiveImageData {
  src: string;
  width: number;
  height: number;
  sizes?: ImageSizes | undefined;
}

/** Best first: the browser takes the first `<source>` whose type it can show. */
const MODERN_FORMATS = ['image/avif', 'image/webp'] as const;

/** `srcset` of one format, narrowest first, from the API's sizes. */
export function srcSetFor(sizes: ImageSizes | undefined, mime: string): string {
  return Object.values(sizes ?? {})
    .flatMap((size) => {
      const source = size.sources[mime];
      return source ? [{ url: source.source_url, width: size.width }] : [];
    })
    .sort((a, b) => a.width - b.width)
    .map(({ url, width }) => `${url} ${width}w`)
    .join(', ');
}

/**
 * Every image of the shop: `<picture>` with AVIF and WebP sources at the API's widths, and an
 * `<img>` of the original with its width and height, so the page does not shift as it loads.
 * `priority` is for the largest image of a page: fetched first and never lazy. `eager` is for other
 * images above the fold: never lazy, but they leave the bandwidth to the largest one. Every other
 * image loads lazily as it nears the viewport.
 */
export function ResponsiveImage({
  image,
  alt,
  sizes,
  priority = false,
  eager = priority,
  className,
}: {
  image: ResponsiveImageData;
  alt: string;
  /** The `sizes` attribute: how wide the image is shown, for the browser to pick a width. */
  sizes: string;
  priority?: boolean;
  eager?: boolean;
  className?: string | undefined;
}) {
  const img = (
    <img
      className={className}
      src={image.src}
      alt={alt}
      width={image.width}
      height={image.height}
      loading={eager ? 'eager' : 'lazy'}
      decoding={eager ? 'auto' : 'async'}
      fetchPriority={priority ? 'high' : 'auto'}
    />
  );
  const sources = MODERN_FORMATS.map((type) => ({
    type,
    srcSet: srcSetFor(image.sizes, type),
  })).filter((source) => source.srcSet !== '');
  if (sources.length === 0) return img;
  return (
    <picture>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
