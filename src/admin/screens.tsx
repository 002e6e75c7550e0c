import { lazy, useState, type ComponentType } from 'react';

type Screen = { default: ComponentType };

const loaders: (() => Promise<Screen>)[] = [];

/**
 * A screen in its own code chunk, so the first page load carries only the console's shell.
 * Once its chunk is here (see `preloadScreens`) the screen renders directly: a lazy component
 * suspends at least once, and React then holds back the reveal for up to 300 ms.
 */
export function lazyScreen(load: () => Promise<Screen>): ComponentType {
  let loading: Promise<Screen> | undefined;
  let loaded: Screen | undefined;
  const once = () => (loading ??= load().then((screen) => (loaded = screen)));
  loaders.push(once);
  const Lazy = lazy(once);
  return function LazyScreen() {
    // Chosen once per mount: switching from the lazy wrapper to the loaded screen while it is
    // shown would remount it and lose what the user typed.
    const [Component] = useState(() => loaded?.default ?? Lazy);
    return <Component />;
  };
}

/** Fetches every screen's chunk in the background, alongside the session check. */
export function preloadScreens() {
  for (const load of loaders) void load().catch(() => undefined);
}
