import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import mediaQuery from 'css-mediaquery';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * jsdom has no layout, so `matchMedia` answers from `window.innerWidth`: a test sets the width with
 * `setViewportWidth` and MUI's useMediaQuery sees it.
 */
function matchMedia(query: string): MediaQueryList {
  return {
    matches: mediaQuery.match(query, { width: window.innerWidth }),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  };
}

/**
 * jsdom has no layout, and Range has no boxes at all: the rich-text editor (ProseMirror) measures
 * the cursor to scroll it into view. Empty boxes are what a hidden element has.
 */
function emptyRects(): DOMRectList {
  return Object.assign([], { item: () => null }) as unknown as DOMRectList;
}
Range.prototype.getClientRects ??= emptyRects;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();
document.elementFromPoint ??= () => null;

// A screen's first render in a worker imports it, and some tests render the whole console, whose
// lazy screens load on first use; on a busy two-core machine that can take longer than Testing
// Library's default of one second.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  window.matchMedia = matchMedia;
  // jsdom has no object URLs; the media preview only needs a string back.
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  window.innerWidth = 1280;
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
