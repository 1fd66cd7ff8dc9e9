/**
 * Runs before every frontend spec (jest.config.js, project `frontend`, jsdom). Fills in the
 * browser APIs jsdom lacks that radix-ui, sonner and the app's hooks touch, and registers jest-dom's
 * matchers; each test's DOM is unmounted by @testing-library/react's own afterEach cleanup.
 */
import { TextDecoder, TextEncoder } from 'node:util';
import { afterEach } from '@jest/globals';
// jest-dom's matchers (toBeVisible, toHaveTextContent, ...) on the `expect` of @jest/globals.
import '@testing-library/jest-dom/jest-globals';

// react-router reads these when it loads; jsdom does not provide them.
globalThis.TextEncoder ??= TextEncoder as unknown as typeof globalThis.TextEncoder;
globalThis.TextDecoder ??= TextDecoder as unknown as typeof globalThis.TextDecoder;

if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

if (typeof globalThis.ResizeObserver !== 'function') {
  globalThis.ResizeObserver = class ResizeObserver {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}

const elementProto = Element.prototype as Element & {
  scrollIntoView?: () => void;
  hasPointerCapture?: (id: number) => boolean;
  releasePointerCapture?: (id: number) => void;
  setPointerCapture?: (id: number) => void;
};
elementProto.scrollIntoView ??= () => undefined;
elementProto.hasPointerCapture ??= () => false;
elementProto.releasePointerCapture ??= () => undefined;
elementProto.setPointerCapture ??= () => undefined;

// jsdom has no fetch: a spec installs one with `mockFetch` (test/fetch-mock.ts) and loses it here.
const originalFetch = globalThis.fetch;

afterEach(() => {
  globalThis.fetch = originalFetch;
  sessionStorage.clear();
  localStorage.clear();
});
