import { NavigationError } from '../../components/layout/navigation-error';

/** Shown when the layout itself throws; a screen's own failure is caught inside the layout. */
export function RouteError() {
  return <NavigationError />;
}
