import { describe, expect, it, vi } from 'vitest';
import { createPageViewReporter, ga4Sender, plausibleSender, type PageView } from './page-views.ts';

const view = (url: string): PageView => ({ url, referrer: null, title: 'Shop' });

describe('createPageViewReporter', () => {
  it('reports each new path or query once', () => {
    const send = vi.fn();
    const report = createPageViewReporter(send);
    report(view('https://shop.test/'));
    report(view('https://shop.test/shop'));
    report(view('https://shop.test/shop?category=granola'));
    expect(send.mock.calls.map(([sent]) => sent.url)).toEqual([
      'https://shop.test/',
      'https://shop.test/shop',
      'https://shop.test/shop?category=granola',
    ]);
  });

  it('does not report the same URL again, nor a #fragment change', () => {
    const send = vi.fn();
    const report = createPageViewReporter(send);
    report(view('https://shop.test/shop'));
    report(view('https://shop.test/shop'));
    report(view('https://shop.test/shop#reviews'));
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('reports the key of an order or reset link nowhere, in the URL or the referrer', () => {
    const send = vi.fn();
    const report = createPageViewReporter(send);
    report(view('https://shop.test/order-received/12?key=wc_order_secret'));
    report({
      url: 'https://shop.test/reset-password?key=reset-secret&id=3',
      referrer: 'https://shop.test/order-received/12?key=wc_order_secret',
      title: 'Reset',
    });
    expect(send.mock.calls.map(([sent]) => [sent.url, sent.referrer])).toEqual([
      ['https://shop.test/order-received/12', null],
      ['https://shop.test/reset-password', 'https://shop.test/order-received/12'],
    ]);
  });

  it("keeps only the shop's filters and campaign tags in the query", () => {
    const send = vi.fn();
    createPageViewReporter(send)(
      view(
        'https://shop.test/shop?category=granola&q=oat&sort=price&email=a%40b.co&utm_source=news',
      ),
    );
    expect(send).toHaveBeenCalledWith(
      expect.objectContaining({
        url: 'https://shop.test/shop?category=granola&q=oat&sort=price&utm_source=news',
      }),
    );
  });

  it('sends URLs without their #fragment', () => {
    const send = vi.fn();
    createPageViewReporter(send)(view('https://shop.test/about#team'));
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ url: 'https://shop.test/about' }));
  });
});

describe('plausibleSender', () => {
  it("posts Plausible's pageview event to the configured API host", async () => {
    const beacon = vi.fn((_url: string, _body: Blob) => true);
    const send = plausibleSender(
      { domain: 'larder.example', apiHost: 'https://stats.larder.example' },
      beacon,
    );
    send({
      url: 'https://larder.example/shop',
      referrer: 'https://search.example/',
      title: 'Shop',
    });
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, body] = beacon.mock.calls[0]!;
    expect(url).toBe('https://stats.larder.example/api/event');
    expect(body.type).toBe('text/plain');
    expect(JSON.parse(await body.text())).toEqual({
      name: 'pageview',
      url: 'https://larder.example/shop',
      domain: 'larder.example',
      referrer: 'https://search.example/',
    });
  });
});

describe('ga4Sender', () => {
  it('sets the reported page for every later gtag event, not only the page view', () => {
    window.dataLayer = [];
    const send = ga4Sender({ measurementId: 'G-TEST' }, 'nonce');
    send({ url: 'https://shop.test/order-received/12', referrer: null, title: 'Order received' });
    const commands = window.dataLayer.map((entry) => Array.from(entry as ArrayLike<unknown>));
    expect(commands).toContainEqual([
      'set',
      expect.objectContaining({ page_location: 'https://shop.test/order-received/12' }),
    ]);
    expect(commands.at(-1)).toEqual(['event', 'page_view']);
    document.head.querySelectorAll('script').forEach((script) => script.remove());
    delete window.dataLayer;
  });
});
