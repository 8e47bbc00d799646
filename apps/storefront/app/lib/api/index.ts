export { ApiError, isNotFound } from './api-error.ts';
export { createShopApi, normaliseProduct, type ShopApi } from './shop-api.ts';
export { browserApiFetch } from './browser-fetch.ts';
