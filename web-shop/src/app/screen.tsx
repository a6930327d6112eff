import { lazy, useEffect, type ComponentType, type JSX } from 'react';

/** A screen in its own chunk, that can also be loaded ahead of its first render. */
export interface Screen {
  (): JSX.Element;
  /** Loads the chunk; once loaded, the screen renders at once rather than suspending. */
  load(): Promise<void>;
}

/**
 * The User Timing mark made once the shop has taken the page over: the first screen shown, on a
 * page the server rendered (hydrated with its screen) or one the browser renders (once the screen's
 * code has arrived). From then on, what the visitor sees is what answers them. Browser tests wait
 * for it before pressing what they aim at; a visitor's browser can report it as a page-speed figure.
 */
export const INTERACTIVE_MARK = 'shop-interactive';

function Shown({ screen: Loaded }: { screen: ComponentType }) {
  useEffect(() => {
    if (performance.getEntriesByName(INTERACTIVE_MARK).length === 0) performance.mark(INTERACTIVE_MARK);
  }, []);
  return <Loaded />;
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
  const Lazy = lazy(() => load().then(() => ({ default: () => <Shown screen={loaded!} /> })));
  const Screen = () => (loaded ? <Shown screen={loaded} /> : <Lazy />);
  Screen.load = load;
  return Screen;
}
