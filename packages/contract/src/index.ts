export * from './common.ts';
export * from './errors.ts';
export * from './media.ts';
export * from './catalog.ts';
export * from './content.ts';
export * from './paths.ts';
export * from './site.ts';
