import { useEffect } from 'react';

/** Sets `document.title` to `<page> | <site>` while the calling screen is shown. */
export function useDocumentTitle(page: string, site: string): void {
  useEffect(() => {
    document.title = page ? `${page} | ${site}` : site;
  }, [page, site]);
}
