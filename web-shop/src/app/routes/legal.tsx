import { useLocation } from 'react-router-dom';
import { LegalDocument } from '../../features/legal/components/legal-document';
import { legalPageAt } from '../../features/legal/lib/legal-pages';
import NotFoundRoute from './not-found';

/** The eight legal paths share this screen; the path names the text. */
export default function LegalRoute() {
  const { pathname } = useLocation();
  const page = legalPageAt(pathname);
  if (!page) return <NotFoundRoute />;
  // Keyed by page so moving between two legal texts starts at the top of a fresh document.
  return <LegalDocument key={page.key} page={page} />;
}
