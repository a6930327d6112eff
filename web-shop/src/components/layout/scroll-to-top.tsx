import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Seeds: the page scrolls to the top on every route change. Not when the page arrives: the
 * browser placed it (at the top, or where a reload left it), and a visitor who scrolled a page the
 * server rendered before its script took it over stays where they are.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
