import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { Loading } from 'react-admin';

/**
 * A screen loaded when it is first shown: each resource's list, show, edit and create pages are
 * their own chunks, so the back-office's first load is react-admin's frame and the screen asked
 * for, not every screen (and the libraries only some of them use). The screen's props are passed
 * through (react-admin gives its error page the error, for instance).
 */
export function lazyScreen<Props extends object = object>(
  load: () => Promise<ComponentType<Props>>,
): (props: Props) => ReactElement {
  const Screen = lazy(async () => ({ default: await load() }));
  return function LazyScreen(props: Props) {
    return (
      <Suspense fallback={<Loading />}>
        <Screen {...props} />
      </Suspense>
    );
  };
}
