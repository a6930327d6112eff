import NotFoundRoute from './not-found';

// Screen under construction: the 404 page stands in until it lands.
export default function SupportRoute() {
  return <NotFoundRoute />;
}
