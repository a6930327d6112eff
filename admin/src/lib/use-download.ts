import { useState } from 'react';
import { useNotify } from 'react-admin';
import { downloadFile } from './http-client';

/**
 * A download button's work (see `downloadFile`): `busy` while the file is read, and a failure told
 * in a notification, in the API's words when it gave any, else as `failureMessage`.
 */
export function useDownload(failureMessage: string) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const download = async (url: string, accept: string, fallbackName: string) => {
    setBusy(true);
    try {
      await downloadFile(url, accept, fallbackName);
    } catch (error) {
      notify(error instanceof Error ? error.message : failureMessage, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return { busy, download };
}
