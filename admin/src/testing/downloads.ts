import { vi } from 'vitest';
import { json, type Routes } from './render-resource';

/** A file the screen handed to the browser to save: its name and its text. */
export interface SavedFile {
  name: string;
  text: string;
}

/**
 * Catches the files a screen saves (react-admin's `downloadCSV` and the like: a blob given a link,
 * the link clicked): answers the list the saved files are added to, read once their text is.
 */
export function catchDownloads(): SavedFile[] {
  const saved: SavedFile[] = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:file-${blobs.size + 1}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) void blob.text().then((text) => saved.push({ name: this.download, text }));
  });
  return saved;
}

/** Today in the operator's time zone, YYYY-MM-DD: the day an export's file is named after. */
export function today(): string {
  const now = new Date();
  return [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((part) => String(part).padStart(2, '0')).join('-');
}

/** The API's side of an export: it records who exported what (`POST /api/admin/exports`); the file is made on the screen. */
export const recordsExports: Routes = {
  'POST /api/admin/exports': () => json({ exportId: 'export-1' }, { status: 201 }),
};
