import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiErrorSchema,
  apiPaths,
  MediaSchema,
  ProductSchema,
  ownerApiPaths,
} from '@larder/contract';
import sharp from 'sharp';
import { activityLog } from '../../db/schema.ts';
import { createProduct } from '../../../test/factories.ts';
import { signedInCustomer, type Session } from '../../../test/sessions.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let owner: Session;
let shopper: Session;
/** A 1200×800 photo with its camera's EXIF, as a phone would send it. */
let jpeg: Buffer;

beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  owner = await signedInCustomer(t.app, t.database.db, { name: 'owner', role: 'administrator' });
  shopper = await signedInCustomer(t.app, t.database.db, { name: 'shopper' });
  jpeg = await sharp({
    create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 150, b: 90 } },
  })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCo', Model: 'Pocket 9' } })
    .toBuffer();
}, 60_000);
afterAll(() => t.close());

const upload = (
  body: Buffer | string,
  headers: Record<string, string> = {},
  session: Session | null = owner,
  query = '',
) =>
  t.app.inject({
    method: 'POST',
    url: `${ownerApiPaths.media}${query}`,
    payload: body,
    headers: {
      'content-type': 'image/jpeg',
      'content-disposition': 'attachment; filename="Maple bag.jpg"',
      ...(session?.bearer ?? {}),
      ...headers,
    },
  });

describe('POST /wp-json/wp/v2/media', () => {
  it('stores a JPEG with its AVIF and WebP sizes and answers WordPress’s media shape', async () => {
    const res = await upload(jpeg, {}, owner, '?alt_text=A%20bag%20of%20maple%20granola');
    expect(res.statusCode, res.body).toBe(201);
    const media = MediaSchema.parse(res.json());
    expect(media).toMatchObject({
      type: 'attachment',
      media_type: 'image',
      mime_type: 'image/jpeg',
      alt_text: 'A bag of maple granola',
      title: { rendered: 'Maple bag' },
      media_details: { width: 1200, height: 800 },
    });
    expect(media.source_url).toMatch(
      /^\/wp-content\/uploads\/imports\/maple-bag\.[0-9a-f]{10}\.jpg$/,
    );
    // A photo is offered at its own widths and never scaled up.
    expect(Object.keys(media.media_details.sizes ?? {})).toEqual(['w320', 'w640', 'w960', 'w1200']);
    for (const size of Object.values(media.media_details.sizes!)) {
      expect(Object.keys(size.sources).sort()).toEqual(['image/avif', 'image/webp']);
      for (const source of Object.values(size.sources))
        expect(await t.app.uploads.size(source.file)).toBe(source.filesize);
    }
    // Served as stored, upright and without the camera's metadata.
    const served = await t.app.inject({ method: 'GET', url: media.source_url });
    expect(served.statusCode).toBe(200);
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 1200, height: 800 });
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    expect(metadata.exif).toBeUndefined();

    const [entry] = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectType, 'media'), eq(activityLog.subjectId, media.id)));
    expect(entry).toMatchObject({ action: 'media.uploaded', actorId: owner.id });
  });

  it('takes a PNG as a multipart `file` too, and the same picture again is the same entry', async () => {
    const png = await sharp({
      create: {
        width: 300,
        height: 300,
        channels: 4,
        background: { r: 0, g: 90, b: 60, alpha: 1 },
      },
    })
      .png()
      .toBuffer();
    const form = () => {
      const data = new FormData();
      data.append('file', new Blob([png], { type: 'image/png' }), 'oat-tin.png');
      return data;
    };
    const send = async () => {
      const request = new Request('http://shop.test/', { method: 'POST', body: form() });
      return t.app.inject({
        method: 'POST',
        url: ownerApiPaths.media,
        payload: Buffer.from(await request.arrayBuffer()),
        headers: { 'content-type': request.headers.get('content-type')!, ...owner.bearer },
      });
    };
    const first = await send();
    expect(first.statusCode, first.body).toBe(201);
    const media = MediaSchema.parse(first.json());
    expect(media).toMatchObject({ mime_type: 'image/png', media_details: { width: 300 } });
    const again = MediaSchema.parse((await send()).json());
    expect(again.id).toBe(media.id);
  });

  it('refuses a file that is not an image, whatever its Content-Type says (400)', async () => {
    const res = await upload(Buffer.from('<?php echo "hello"; ?>'));
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json()).code).toBe('rest_upload_invalid_image');
    const cut = await upload(jpeg.subarray(0, jpeg.length / 2));
    expect(cut.statusCode).toBe(400);
    const svg = await upload(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      {
        'content-type': 'image/svg+xml',
      },
    );
    expect(svg.statusCode).toBe(400);
  });

  it('refuses an upload without a filename (400), too large (413) or not an image type (415)', async () => {
    const unnamed = await upload(jpeg, { 'content-disposition': 'attachment' });
    expect(unnamed.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(unnamed.json()).code).toBe('rest_upload_no_content_disposition');
    const huge = await upload(Buffer.alloc(16 * 1024 * 1024, 1));
    expect(huge.statusCode).toBe(413);
    expect(ApiErrorSchema.parse(huge.json()).code).toBe('rest_upload_file_too_big');
    const text = await upload('hello', { 'content-type': 'text/plain' });
    expect(text.statusCode).toBe(415);
  });

  it('is for owners only: 401 for a guest and 403 for a shopper, before the body is read', async () => {
    expect((await upload(Buffer.alloc(16 * 1024 * 1024, 1), {}, null)).statusCode).toBe(401);
    const res = await upload(jpeg, {}, shopper);
    expect(res.statusCode).toBe(403);
  });
});

describe('PUT /wp-json/wp/v2/media/{id}', () => {
  it('sets the alt text a product’s image then carries', async () => {
    const media = MediaSchema.parse(
      (await upload(jpeg, { 'content-disposition': 'attachment; filename="tin.jpg"' })).json(),
    );
    const product = await createProduct(t);
    await t.app.inject({
      method: 'PUT',
      url: `${apiPaths.products}/${product.id}`,
      payload: { images: [{ id: media.id }] },
      headers: owner.bearer,
    });
    const res = await t.app.inject({
      method: 'PUT',
      url: `${ownerApiPaths.media}/${media.id}`,
      payload: { alt_text: 'A green tin of oat granola' },
      headers: owner.bearer,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(MediaSchema.parse(res.json()).alt_text).toBe('A green tin of oat granola');
    const shown = ProductSchema.parse(
      (await t.app.inject({ method: 'GET', url: `${apiPaths.products}/${product.id}` })).json(),
    );
    expect(shown.images[0]).toMatchObject({ id: media.id, alt: 'A green tin of oat granola' });

    const missing = await t.app.inject({
      method: 'PUT',
      url: `${ownerApiPaths.media}/987654`,
      payload: { alt_text: 'Nothing' },
      headers: owner.bearer,
    });
    expect(missing.statusCode).toBe(404);
  });
});
