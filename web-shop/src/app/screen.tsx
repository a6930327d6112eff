import { lazy, type ComponentType, type JSX } from 'react';

/** A screen in its own chunk, that can also be loaded ahead of its first render. */
export interface Screen {
  (): JSX.Element;
  /** Loads the chunk; once loaded, the screen renders at once rather than suspending. */
  load(): Promise<void>;
}

/**
 * Like `lazy`, except that a screen loaded beforehand (`load()`) renders straight away: `lazy`
 * suspends on its first render even when the chunk is already there, and a page the server
 * rendered must be hydrated without suspending (src/main.tsx).
 */
export function screen(importScreen: () => Promise<{ default: ComponentType }>): Screen {
  let loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const load = () =>
    (loading ??= importScreen().then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        // A failed chunk (a deployment replaced it, the network dropped) is asked for again next time.
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => load().then(() => ({ default: loaded! })));
  const Screen = () => {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  };
  Screen.load = load;
  return Screen;
}
