import { useEffect, useLayoutEffect } from 'react';

/** useLayoutEffect in the browser; on the server (where effects never run) it would only warn. */
export const useBrowserLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;
