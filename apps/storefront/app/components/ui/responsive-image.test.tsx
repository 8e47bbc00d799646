import type { ImageSizes } from '@larder/contract';
import { render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ResponsiveImage, srcSetFor } from './responsive-image.tsx';

const size = (width: number) => ({
  file: `sizes/bag-${width}w.abc.webp`,
  width,
  height: width,
  mime_type: 'image/webp',
  source_url: `/wp-content/uploads/sizes/bag-${width}w.abc.webp`,
  sources: {
    'image/avif': {
      file: `sizes/bag-${width}w.abc.avif`,
      source_url: `/wp-content/uploads/sizes/bag-${width}w.abc.avif`,
      filesize: width * 5,
    },
    'image/webp': {
      file: `sizes/bag-${width}w.abc.webp`,
      source_url: `/wp-content/uploads/sizes/bag-${width}w.abc.webp`,
      filesize: width * 9,
    },
  },
});
// Deliberately out of order: the srcset is sorted by width.
const sizes: ImageSizes = { w640: size(640), w320: size(320) };
const bag = { src: '/wp-content/uploads/bag.svg', width: 800, height: 800, sizes };

describe('ResponsiveImage', () => {
  it('offers AVIF, then WebP, at every width, with the original as the <img>', () => {
    const { container } = render(<ResponsiveImage image={bag} alt="A bag" sizes="50vw" />);
    const sources = [...container.querySelectorAll('picture > source')];
    expect(sources.map((source) => source.getAttribute('type'))).toEqual([
      'image/avif',
      'image/webp',
    ]);
    expect(sources[0]!.getAttribute('srcset')).toBe(
      '/wp-content/uploads/sizes/bag-320w.abc.avif 320w, /wp-content/uploads/sizes/bag-640w.abc.avif 640w',
    );
    expect(sources.every((source) => source.getAttribute('sizes') === '50vw')).toBe(true);
    const img = container.querySelector('picture > img')!;
    expect(img.getAttribute('src')).toBe(bag.src);
    expect(img.getAttribute('alt')).toBe('A bag');
    // Width and height reserve the space before the file arrives.
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['800', '800']);
  });

  it('loads lazily and decodes off the main thread unless it is the page’s main image', () => {
    const { container } = render(<ResponsiveImage image={bag} alt="" sizes="50vw" />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('decoding')).toBe('async');
    expect(img.getAttribute('fetchpriority')).toBe('auto');
  });

  it('fetches the main image early and never lazily, also in the server-rendered HTML', () => {
    const html = renderToString(<ResponsiveImage image={bag} alt="" sizes="100vw" priority />);
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const img = doc.querySelector('picture > img')!;
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.getAttribute('loading')).toBe('eager');
  });

  it('is a plain <img> of the original while an image has no generated sizes', () => {
    const { container } = render(
      <ResponsiveImage image={{ ...bag, sizes: {} }} alt="" sizes="50vw" className="hero__image" />,
    );
    expect(container.querySelector('picture')).toBeNull();
    expect(container.querySelector('img.hero__image')!.getAttribute('src')).toBe(bag.src);
  });

  it('leaves a format out of srcset when no width has it', () => {
    const webpOnly: ImageSizes = {
      w320: { ...size(320), sources: { 'image/webp': size(320).sources['image/webp'] } },
    };
    expect(srcSetFor(webpOnly, 'image/avif')).toBe('');
    const { container } = render(
      <ResponsiveImage image={{ ...bag, sizes: webpOnly }} alt="" sizes="50vw" />,
    );
    expect(
      [...container.querySelectorAll('source')].map((source) => source.getAttribute('type')),
    ).toEqual(['image/webp']);
  });
});
